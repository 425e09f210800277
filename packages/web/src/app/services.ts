import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, createQueryClient, type ApiClient, type ApiClientOptions } from '../shared/api';
import { createI18n, type I18n, type I18nOptions } from '../shared/i18n';
import { createGlobalModel, type GlobalModel } from './global-model';

/** What the app is made of outside React; tests build their own against a test server. */
export interface AppServices {
  i18n: I18n;
  api: ApiClient;
  /** Server state (TanStack Query): one cache per app, so every test app starts empty. */
  queries: QueryClient;
  model: GlobalModel;
}

export interface AppServicesOptions {
  i18n?: I18nOptions;
  api?: Omit<ApiClientOptions, 'translate'>;
}

export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const i18n = createI18n(options.i18n);
  const api = createApiClient({ ...options.api, translate: i18n.t });
  const model = createGlobalModel();
  const queries = createQueryClient();
  connectGlobalLoading(i18n, model);
  refetchInNewLanguage(i18n, queries);
  return { i18n, api, queries, model };
}

/**
 * The server answers some texts in the reader's language (activity titles, resource titles and intros): when
 * the language changes, what is on screen is asked again and everything else is marked out of date.
 */
export function refetchInNewLanguage(i18n: I18n, queries: QueryClient): void {
  let language = i18n.getState().language;
  i18n.subscribe(() => {
    const state = i18n.getState();
    if (state.status !== 'ready' || state.language === language) return;
    language = state.language;
    void queries.invalidateQueries();
  });
}

/** SPEC §4: global loading ends once the translation layer is ready. */
function connectGlobalLoading(i18n: I18n, model: GlobalModel): void {
  const sync = () => {
    if (i18n.getState().status === 'ready') model.setGlobalLoading(false);
  };
  sync();
  i18n.subscribe(sync);
}
