// The theme's words, in the page's language: from the texts the caller gives (the `i18n_texts` table,
// with operators' edits) or else the shipped seed (`nodesiteTheme.*` in packages/domain).
import { DEFAULT_LANGUAGE, resourceTypeName, type Language } from '@tessera/domain';
import { seedTexts } from '@tessera/domain/i18n-texts';
import { formatMessage, type MessageParams } from '../../../platform/messages';
import type { ThemeTexts } from './types';

export type Translate = (key: string, params?: MessageParams) => string;

/** Keys are given without the `nodesiteTheme.` prefix. A missing text shows its key, visibly but harmlessly. */
export function themeTranslator(language: Language, texts: ThemeTexts = seedTexts): Translate {
  return (key, params) => {
    const fullKey = `nodesiteTheme.${key}`;
    const text = texts[fullKey] ?? seedTexts[fullKey];
    return formatMessage(text?.[language] || text?.[DEFAULT_LANGUAGE] || fullKey, params);
  };
}

/** "Image" or "Image · 插画" for a type path; the raw code for a type the catalogue does not know. */
export function typeLabel(resourceType: readonly string[], language: Language): string {
  const [code = '', ...subTypes] = resourceType;
  const name = resourceTypeName(code, language) ?? code;
  const last = subTypes[subTypes.length - 1];
  return last === undefined ? name : `${name} · ${last}`;
}

/** The value of the `lang` attribute for a page in this language. */
export function htmlLang(language: Language): string {
  return language === 'en_US' ? 'en' : 'zh-CN';
}
