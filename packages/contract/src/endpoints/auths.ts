// The resource auth calls (DOMAIN §3.3, §5.8): the auth tree, the relation tree with its flags, batch
// results, a licensee's result on a resource, and the service states contracts can grant.
import type {
  AuthResourceParams,
  AuthResultWire,
  AuthTreeItemWire,
  AuthVersionQuery,
  BatchAuthQuery,
  BatchAuthResultWire,
  LicenseeAuthQuery,
  RelationTreeAuthNodeWire,
  ServiceStateWire,
} from '../auths';
import { endpoint } from '../endpoint';

const AUTHS = '/auths/resources';

export const authEndpoints = {
  /** One inner array per resource the root version resolves (empty groups left out). */
  authTree: endpoint<{ params: AuthResourceParams; query: AuthVersionQuery; answer: AuthTreeItemWire[][] }>(
    'GET',
    '/resources/:resourceId/authTree',
  ),
  relationTreeAuth: endpoint<{
    params: AuthResourceParams;
    query: AuthVersionQuery;
    answer: RelationTreeAuthNodeWire[];
  }>('GET', `${AUTHS}/:resourceId/relationTreeAuth`),
  batchAuth: endpoint<{ query: BatchAuthQuery; answer: BatchAuthResultWire[] }>('GET', `${AUTHS}/batchAuth/results`),
  /** The owner of the licensee resource asks; errCode 0 even when not authorised. */
  licenseeResult: endpoint<{ params: AuthResourceParams; query: LicenseeAuthQuery; answer: AuthResultWire }>(
    'GET',
    `${AUTHS}/:resourceId/result`,
  ),
  resourceServiceStates: endpoint<{ answer: ServiceStateWire[] }>('GET', `${AUTHS}/serviceStates`),
  exhibitServiceStates: endpoint<{ answer: ServiceStateWire[] }>('GET', '/auths/presentables/serviceStates'),
};
