import type { TranslationTexts } from '@tessera/domain/i18n-texts';

export const TEXTS_CACHE_KEY = 'tessera.i18n.texts';

export interface TextsSource {
  /** Texts cached by an earlier visit, if any. */
  cached(): TranslationTexts | null;
  /** Fetches the current texts from the server and caches them. */
  fetch(): Promise<TranslationTexts>;
}

export interface TextsSourceOptions {
  url: string;
  storage?: Storage;
  now?: () => number;
}

function isTexts(value: unknown): value is TranslationTexts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withTimestamp(url: string, timestamp: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${timestamp}`;
}

export function createTextsSource({
  url,
  storage = window.localStorage,
  now = Date.now,
}: TextsSourceOptions): TextsSource {
  return {
    cached() {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(TEXTS_CACHE_KEY) ?? 'null');
        return isTexts(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    async fetch() {
      // The texts are public and the same for everyone: no cookies, and the timestamp defeats caches.
      const response = await fetch(withTimestamp(url, now()), { credentials: 'omit' });
      if (!response.ok) throw new Error(`translation texts: HTTP ${response.status}`);
      const texts: unknown = await response.json();
      if (!isTexts(texts)) throw new Error('translation texts: not an object');
      try {
        storage.setItem(TEXTS_CACHE_KEY, JSON.stringify(texts));
      } catch {
        // A full or disabled storage only costs the next visit a wait.
      }
      return texts;
    },
  };
}
