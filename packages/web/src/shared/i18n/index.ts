export { createI18n, type I18n, type I18nOptions, type I18nState, type I18nStatus } from './i18n-store';
export { I18nProvider, useI18n, useI18nState, useLanguage, useT } from './I18nProvider';
export { applyDocumentLanguage, initialLanguage, languageTag } from './language';
export { createTextsSource, pageTextsVersions, textsCacheKey, type TextsSource } from './texts-source';
export { createTranslator, interpolate, type Translate, type TranslationParams } from './translate';
