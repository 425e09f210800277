import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language, LanguageTexts } from '@tessera/domain';
import { AppProviders } from '../app/AppProviders';
import { trackRouterHistory } from '../app/router';
import { appRoutes } from '../app/routes';
import { createAppServices, type AppServices } from '../app/services';
import type { BrowserLocation } from '../shared/browser/location';
import type { TextsSource } from '../shared/i18n';
import { languageSeedTexts, type TestServer } from './test-server';

const seedByLanguage = new Map<Language, LanguageTexts>();
const seedOf = (language: Language): LanguageTexts => {
  let texts = seedByLanguage.get(language);
  if (!texts) {
    texts = languageSeedTexts(language);
    seedByLanguage.set(language, texts);
  }
  return texts;
};

/** The seed texts at hand, as on a warm visit whose cached texts are current: ready at once, no request. */
export const seedTextsSource: TextsSource = {
  cached: (language) => ({ texts: seedOf(language), current: true }),
  fetch: (language) => Promise.resolve(seedOf(language)),
};

/**
 * The app's services bound to a test server: the API comes from it, and the texts too with
 * `texts: 'server'` (the first visit: fetched, the page waiting behind the loading indicator).
 */
export function createTestServices(
  server: TestServer,
  options: { language?: Language; location?: BrowserLocation; texts?: 'cached' | 'server' } = {},
): AppServices {
  const texts =
    options.texts === 'server'
      ? { textsBase: `${server.origin}/i18n`, textsVersions: {} }
      : { source: seedTextsSource };
  return createAppServices({
    i18n: { ...texts, language: options.language },
    api: { baseURL: `${server.origin}/v2`, adapter: 'fetch', location: options.location },
  });
}

/** Renders the real route table at `path` in a memory router, inside the real providers. */
export function renderApp(path: string, services: AppServices) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  trackRouterHistory(router, services.model);
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, services };
}

/**
 * Renders `element` outside any route, inside the real providers. `antdStyles: false` keeps antd's
 * styles out of the document: jsdom re-matches every style rule whenever the page changes, and
 * antd's hundreds of rules can make each role query take seconds; components behave the same
 * without their looks.
 */
export function renderInProviders(
  element: ReactNode,
  services: AppServices,
  { antdStyles = true }: { antdStyles?: boolean } = {},
) {
  const providers = <AppProviders services={services}>{element}</AppProviders>;
  return render(antdStyles ? providers : <StyleProvider mock="server">{providers}</StyleProvider>);
}
