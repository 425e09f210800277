// The user look-ups of API.md §3.9 that finding pages make (the account's own calls are elsewhere).
import type { Page } from '@tessera/domain';
import type { UserSearchQuery, UserView } from '../identity';
import { endpoint } from '../endpoint';

export const userEndpoints = {
  /** Users whose username contains the keywords, newest first (signed in). */
  search: endpoint<{ query: UserSearchQuery; answer: Page<UserView> }>('GET', '/users/search'),
  searchForConsole: endpoint<{ query: UserSearchQuery; answer: Page<UserView> }>('GET', '/users/searchForConsole'),
};
