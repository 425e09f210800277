// Server messages are translation keys, turned into text in the caller's language from the same
// texts the web app uses (`i18n_texts`). Placeholders use single braces: `{limit}`.
import { DEFAULT_LANGUAGE, type Language } from '@tessera/domain';

export type MessageParams = Record<string, string | number>;

export interface Translator {
  translate(key: string, language: Language, params?: MessageParams): string;
}

export type TextsByKey = ReadonlyMap<string, Readonly<Record<Language, string>>>;

export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Falls back to the default language, then to the key itself, so a missing text is visible but harmless. */
export function translatorFor(texts: TextsByKey): Translator {
  return {
    translate(key, language, params) {
      const text = texts.get(key);
      const template = text?.[language] || text?.[DEFAULT_LANGUAGE] || key;
      return formatMessage(template, params);
    },
  };
}
