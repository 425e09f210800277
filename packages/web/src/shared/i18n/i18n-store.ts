import type { Language, LanguageTexts, TextsVersions } from '@tessera/domain';
import type { TranslationTexts } from '@tessera/domain/i18n-texts';
import { initialLanguage, saveLanguage } from './language';
import { createTextsSource, type TextsSource } from './texts-source';
import { createTranslator, type Translate } from './translate';

export type I18nStatus = 'loading' | 'ready' | 'error';

export interface I18nState {
  status: I18nStatus;
  language: Language;
  /** The texts of `language` in the `{key: {zh_CN, en_US}}` form the policy code reads; the other language is empty. */
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
  /**
   * Shows the texts of the language asked for: cached ones at once (refreshed in the background
   * unless current), else once the server has sent them. After setLanguage, awaits that language.
   */
  load(): Promise<void>;
  /** After a failed first load. */
  retry(): Promise<void>;
  /**
   * Writes the `locale` cookie and re-renders every subscriber in the new language, no reload: at
   * once when its texts are at hand, else once they have arrived.
   */
  setLanguage(language: Language): void;
  t: Translate;
}

export interface I18nOptions {
  /** The directory of the texts files (default /i18n). */
  textsBase?: string;
  /** The current versions of the texts files (default: those index.html names). */
  textsVersions?: TextsVersions;
  source?: TextsSource;
  language?: Language;
}

function asPairs(texts: LanguageTexts, language: Language): TranslationTexts {
  const pairs: TranslationTexts = {};
  for (const [key, text] of Object.entries(texts)) {
    pairs[key] = language === 'zh_CN' ? { zh_CN: text, en_US: '' } : { zh_CN: '', en_US: text };
  }
  return pairs;
}

export function createI18n({ textsBase, textsVersions, source, language }: I18nOptions = {}): I18n {
  const texts = source ?? createTextsSource({ base: textsBase, versions: textsVersions });
  const listeners = new Set<() => void>();
  // Texts of each language already read in this page, so switching back needs no request.
  const known = new Map<Language, TranslationTexts>();
  const fetches = new Map<Language, Promise<void>>();
  let state = makeState('loading', language ?? initialLanguage(), {});
  /** The language asked for last; texts arriving for another one are kept but not shown. */
  let wanted = state.language;
  // A warm visit whose cached texts are current starts ready: not even one frame of the loading indicator.
  const warm = texts.cached(wanted);
  if (warm?.current) {
    known.set(wanted, asPairs(warm.texts, wanted));
    state = makeState('ready', wanted, known.get(wanted) ?? {});
  }

  function makeState(status: I18nStatus, lang: Language, values: TranslationTexts): I18nState {
    return { status, language: lang, texts: values, t: createTranslator(values, lang) };
  }

  function update(status: I18nStatus, lang: Language, values: TranslationTexts): void {
    state = makeState(status, lang, values);
    for (const listener of listeners) listener();
  }

  function show(lang: Language, values: TranslationTexts): void {
    known.set(lang, values);
    if (lang === wanted) update('ready', lang, values);
  }

  function fetchTexts(lang: Language): Promise<void> {
    let pending = fetches.get(lang);
    if (!pending) {
      pending = texts.fetch(lang).then(
        (fresh) => show(lang, asPairs(fresh, lang)),
        () => {
          fetches.delete(lang);
          // With texts already on screen a failed fetch changes nothing.
          if (state.status !== 'ready') update('error', state.language, state.texts);
        },
      );
      fetches.set(lang, pending);
    }
    return pending;
  }

  /** Shows the language's texts from memory or the cache at once when it can; fetches them unless current. */
  function open(lang: Language): Promise<void> {
    const inMemory = known.get(lang);
    if (inMemory) {
      show(lang, inMemory);
      return Promise.resolve();
    }
    const cached = texts.cached(lang);
    if (cached) show(lang, asPairs(cached.texts, lang));
    return cached?.current ? Promise.resolve() : fetchTexts(lang);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () => open(wanted),
    retry() {
      update('loading', state.language, state.texts);
      return open(wanted);
    },
    setLanguage(next) {
      saveLanguage(next);
      wanted = next;
      if (next !== state.language) void open(next);
    },
    t: (key, params) => state.t(key, params),
  };
}
