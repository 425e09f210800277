import type { BrowserContext } from '@playwright/test';
import { baseURL } from './env';
import type { Language } from './texts';

/** What the language switch stores: the `locale` cookie. */
export async function useLanguage(context: BrowserContext, language: Language) {
  await context.addCookies([{ name: 'locale', value: language, url: baseURL }]);
}
