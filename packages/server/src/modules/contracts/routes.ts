// The contract routes (API.md §3.11, §5.2): signing in signing-routes.ts, reads in read-routes.ts, payments
// in payment-routes.ts.
import type { FastifyInstance } from 'fastify';
import { registerPaymentRoutes } from './payment-routes';
import type { ContractPayments } from './payments';
import type { ContractReads } from './reads';
import { registerContractReadRoutes } from './read-routes';
import type { ContractService } from './service';
import { registerSigningRoutes } from './signing-routes';

export function registerContractRoutes(
  app: FastifyInstance,
  services: { contracts: ContractService; contractReads: ContractReads; contractPayments: ContractPayments },
): void {
  registerSigningRoutes(app, services.contracts);
  registerContractReadRoutes(app, services.contractReads);
  registerPaymentRoutes(app, services.contractPayments);
}
