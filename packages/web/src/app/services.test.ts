// Texts the server answers in the reader's language are asked again when the language changes.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createI18n } from '../shared/i18n';
import { startTestServer, type TestServer } from '../testing/test-server';
import { refetchInNewLanguage } from './services';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    '/i18n/texts.zh_CN.json': { body: { 'home.title': '首页' } },
    '/i18n/texts.en_US.json': { body: { 'home.title': 'Home' } },
  });
});
afterEach(() => server.close());

it('refetches what is on screen when the language changes, not when the first texts arrive', async () => {
  const i18n = createI18n({ textsBase: `${server.origin}/i18n`, textsVersions: {}, language: 'zh_CN' });
  const queries = new QueryClient();
  refetchInNewLanguage(i18n, queries);
  const languages: string[] = [];
  const observer = new QueryObserver(queries, {
    queryKey: ['market'],
    queryFn: () => {
      languages.push(i18n.getState().language);
      return languages.length;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await i18n.load();
  await expect.poll(() => languages).toEqual(['zh_CN']);

  i18n.setLanguage('en_US');
  await i18n.load();
  await expect.poll(() => languages).toEqual(['zh_CN', 'en_US']);
  expect(queries.getQueryState(['market'])?.data).toBe(2);
  unsubscribe();
});
