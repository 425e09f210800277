import type { Language } from '@tessera/domain';
import type { TranslationTexts } from '@tessera/domain/i18n-texts';

export type TranslationParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslationParams) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills single-brace placeholders (`{count}`); a placeholder without a value stays as written. */
export function interpolate(template: string, params?: TranslationParams): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/** A missing key (or a key without text in the language) shows the key itself. */
export function createTranslator(texts: TranslationTexts, language: Language): Translate {
  return (key, params) => {
    const text = Object.hasOwn(texts, key) ? texts[key]?.[language] : undefined;
    return text ? interpolate(text, params) : key;
  };
}
