// The policy code renders every sentence from translation texts handed to it, so the server can use
// its editable table and the web app the texts it fetched; tests pass the seed (`seedTexts`).
import { DEFAULT_LANGUAGE, type Language } from '../constants';
import type { PolicyMessageParams } from './types';

type TextPair = Readonly<Record<Language, string>>;

/** `{key: {zh_CN, en_US}}` as in the seed and `/i18n/texts.json`, or the server's map of the same. */
export type PolicyTexts = Readonly<Record<string, TextPair>> | ReadonlyMap<string, TextPair>;

function lookup(texts: PolicyTexts, key: string): TextPair | undefined {
  if (texts instanceof Map) return texts.get(key);
  const record = texts as Readonly<Record<string, TextPair>>;
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Fills `{name}` placeholders; a missing text falls back to the default language, then to the key. */
export function lookupPolicyText(
  texts: PolicyTexts,
  language: Language,
  key: string,
  params: PolicyMessageParams = {},
): string {
  const pair = lookup(texts, key);
  const template = pair?.[language] || pair?.[DEFAULT_LANGUAGE] || key;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}
