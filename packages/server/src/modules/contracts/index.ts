// Public surface of the contracts module (DOMAIN §2.13–§2.15, §3.6, §5.1): contracts signed under
// policies, their state machine (run by @tessera/domain), transition records and time events.
import { defineModule } from '../../platform/modules';
import type { IdentityService } from '../identity';
import type { NodeQueries } from '../nodes';
import type { PolicyCatalog, PolicyTextSource } from '../policies';
import type { ResourceQueries } from '../resources';
import type { AccountService, Ledger } from '../wallet';
import { ContractAdmin } from './admin';
import { runContractCommand } from './cli';
import { contractsTables } from './migrations/0014_contracts';
import { contractsOneDefault } from './migrations/0020_contracts_one_default';
import { ContractPayments } from './payments';
import { ContractReads } from './reads';
import { ContractRepo } from './repo';
import { registerContractRoutes } from './routes';
import { ContractScheduler } from './scheduler';
import { ContractService } from './service';

export type { ContractAdmin } from './admin';
export type { ContractPayments } from './payments';
export type { ContractReads } from './reads';
export type { ContractRow } from './repo';
export type { ContractScheduler } from './scheduler';
export type { ContractService, NodeContractRef, NodeSigningWriter, ResourceSubjects } from './service';
export type { ExhibitSubject, ExhibitSubjects } from './exhibit-subjects';
export type { ContractScheduledEventsTable, ContractsTable, ContractTransitionRecordsTable } from './tables';

type ContractNeeds = {
  policies: PolicyCatalog;
  resourceQueries: ResourceQueries;
  nodeQueries: Pick<NodeQueries, 'findNode'>;
  identity: Pick<IdentityService, 'resolveUser'>;
  i18n: PolicyTextSource;
  walletAccounts: Pick<AccountService, 'accountOfUser' | 'checkPayPassword'>;
  walletLedger: Ledger;
};

export const contractsModule = defineModule({
  name: 'contracts',
  services: (
    { db, clock, config, log, ports },
    { policies, resourceQueries, nodeQueries, identity, i18n, walletAccounts, walletLedger }: ContractNeeds,
  ) => {
    const repo = new ContractRepo(db);
    const utcOffsetMinutes = config.utcOffsetMinutes;
    return {
      contracts: new ContractService({
        repo,
        policies,
        resources: resourceQueries,
        nodes: nodeQueries,
        exhibits: ports.list('exhibitSubjects'),
        identity,
        walletAccounts,
        clock,
        utcOffsetMinutes,
      }),
      contractPayments: new ContractPayments({ repo, policies, walletAccounts, walletLedger, clock, utcOffsetMinutes }),
      contractReads: new ContractReads({ repo, policies, texts: i18n, clock, utcOffsetMinutes }),
      contractScheduler: new ContractScheduler({
        repo,
        policies,
        clock,
        utcOffsetMinutes,
        log,
        pollEveryMs: config.timeEventsPollMs,
      }),
      contractAdmin: new ContractAdmin({ repo, policies, clock, utcOffsetMinutes }),
    };
  },
  ports: ({ contracts }) => ({ dependencyContracts: contracts }),
  routes: (app, services) => registerContractRoutes(app, services),
  admin: {
    area: 'contract',
    summary: 'list and show contracts, set and clear an exception',
    run: (argv, { contractAdmin }, { print }) => runContractCommand(argv, { contractAdmin, print }),
  },
  start: ({ contractScheduler }) => contractScheduler.start(),
  stop: ({ contractScheduler }) => contractScheduler.stop(),
  migrations: { '0014_contracts': contractsTables, '0020_contracts_one_default': contractsOneDefault },
});
