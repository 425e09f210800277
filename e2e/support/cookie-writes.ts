import type { Page } from '@playwright/test';

/** Records every `document.cookie = …` the page makes, as written (before the browser trims it). */
export async function recordCookieWrites(page: Page) {
  await page.addInitScript(() => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    if (!descriptor?.get || !descriptor.set) return;
    const { get, set } = descriptor;
    const writes: string[] = [];
    (window as unknown as { __cookieWrites: string[] }).__cookieWrites = writes;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() {
        return get.call(document) as string;
      },
      set(value: string) {
        writes.push(value);
        set.call(document, value);
      },
    });
  });
}

export function cookieWrites(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cookieWrites?: string[] }).__cookieWrites ?? []);
}
