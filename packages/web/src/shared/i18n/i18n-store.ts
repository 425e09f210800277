import { I18N_TEXTS_PATH, type Language } from '@tessera/domain';
import type { TranslationTexts } from '@tessera/domain/i18n-texts';
import { readLanguage, saveLanguage } from './language';
import { createTextsSource, type TextsSource } from './texts-source';
import { createTranslator, type Translate } from './translate';

export type I18nStatus = 'loading' | 'ready' | 'error';

export interface I18nState {
  status: I18nStatus;
  language: Language;
  texts: TranslationTexts;
  /** Translator for this state; a new function whenever texts or language change. */
  t: Translate;
}

/**
 * The translation layer outside React, so that non-component code (the HTTP client's error
 * messages) translates with the same texts and language as the screens.
 */
export interface I18n {
  getState(): I18nState;
  subscribe(listener: () => void): () => void;
  /** Uses cached texts at once (refreshing them in the background), else waits for the server. */
  load(): Promise<void>;
  /** After a failed first load. */
  retry(): Promise<void>;
  /** Writes the `locale` cookie and re-renders every subscriber; no reload. */
  setLanguage(language: Language): void;
  t: Translate;
}

export interface I18nOptions {
  textsUrl?: string;
  source?: TextsSource;
  language?: Language;
}

export function createI18n({ textsUrl = I18N_TEXTS_PATH, source, language }: I18nOptions = {}): I18n {
  const texts = source ?? createTextsSource({ url: textsUrl });
  const listeners = new Set<() => void>();
  let state = makeState('loading', language ?? readLanguage(), {});
  let loading: Promise<void> | null = null;

  function makeState(status: I18nStatus, lang: Language, values: TranslationTexts): I18nState {
    return { status, language: lang, texts: values, t: createTranslator(values, lang) };
  }

  function update(status: I18nStatus, lang: Language, values: TranslationTexts): void {
    state = makeState(status, lang, values);
    for (const listener of listeners) listener();
  }

  async function fetchTexts(): Promise<void> {
    try {
      const fresh = await texts.fetch();
      update('ready', state.language, fresh);
    } catch {
      // With texts already on screen a failed refresh changes nothing.
      if (state.status !== 'ready') update('error', state.language, state.texts);
    }
  }

  function load(): Promise<void> {
    if (loading) return loading;
    const cached = texts.cached();
    if (cached) update('ready', state.language, cached);
    loading = fetchTexts();
    return loading;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    retry() {
      loading = null;
      update('loading', state.language, state.texts);
      return load();
    },
    setLanguage(next) {
      saveLanguage(next);
      if (next !== state.language) update(state.status, next, state.texts);
    },
    t: (key, params) => state.t(key, params),
  };
}
