// The activities calls (API.md §3.1).
import type { ActivityWire, Page } from '@tessera/domain';
import type { FindForClientQuery, ListForClientQuery } from '../activities';
import { endpoint } from '../endpoint';

export const activityEndpoints = {
  listForClient: endpoint<{ query: ListForClientQuery; answer: Page<ActivityWire> }>('GET', '/activities/list4Client'),
  findForClient: endpoint<{ query: FindForClientQuery; answer: ActivityWire | null }>('GET', '/activities/find4Client'),
};
