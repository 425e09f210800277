export { createI18n, type I18n, type I18nOptions, type I18nState, type I18nStatus } from './i18n-store';
export { I18nProvider, useI18n, useI18nState, useLanguage, useT } from './I18nProvider';
export { applyDocumentLanguage, languageTag, readLanguage } from './language';
export { createTextsSource, TEXTS_CACHE_KEY, type TextsSource } from './texts-source';
export { createTranslator, interpolate, type Translate, type TranslationParams } from './translate';
