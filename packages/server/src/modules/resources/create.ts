// The resource module's services, wired together (the app and the command line build them the same way).
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Translator } from '../../platform/messages';
import type { IdentityService } from '../identity/service';
import { TypeCatalogue } from './catalogue/service';
import { resourceOwnersFrom } from './owners';
import { PolicyRepo, PolicyService, type PolicyTextSource } from '../policies';
import { ResourceQueries } from './queries';
import { ResourceRepo } from './repo';
import { NewResourceRollback } from './rollback';
import { ResourceService } from './service';

export type ResourceServicesContext = {
  db: Db;
  clock: Clock;
  config: Config;
  identity: Pick<IdentityService, 'resolveUser'>;
  /** Messages and policy sentences in the caller's language. */
  texts: Translator & PolicyTextSource;
};

export function createResourceServices({ db, clock, config, identity, texts }: ResourceServicesContext) {
  const policies = new PolicyService({ repo: new PolicyRepo(db), clock, config, texts });
  const repo = new ResourceRepo(db);
  const catalogue = new TypeCatalogue(repo);
  const resourceQueries = new ResourceQueries({ repo, policies, catalogue, config });
  const resources = new ResourceService({
    repo,
    queries: resourceQueries,
    policies,
    catalogue,
    owners: resourceOwnersFrom(identity),
    translator: texts,
    clock,
    rollback: new NewResourceRollback(db),
  });
  return { policies, catalogue, resources, resourceQueries };
}
