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
  connectGlobalLoading(i18n, model);
  return { i18n, api, queries: createQueryClient(), model };
}

/** SPEC §4: global loading ends once the translation layer is ready. */
function connectGlobalLoading(i18n: I18n, model: GlobalModel): void {
  const sync = () => {
    if (i18n.getState().status === 'ready') model.setGlobalLoading(false);
  };
  sync();
  i18n.subscribe(sync);
}
