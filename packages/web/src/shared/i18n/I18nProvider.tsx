import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '@tessera/domain';
import type { I18n, I18nState } from './i18n-store';
import { applyDocumentLanguage } from './language';
import type { Translate } from './translate';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.getState().language);

  useEffect(() => {
    void i18n.load();
  }, [i18n]);

  useEffect(() => {
    applyDocumentLanguage(language);
  }, [language]);

  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n must be used inside <I18nProvider>');
  return i18n;
}

export function useI18nState(): I18nState {
  const i18n = useI18n();
  return useSyncExternalStore(i18n.subscribe, i18n.getState);
}

/** The translator of the current language; components using it re-render when the language changes. */
export function useT(): Translate {
  return useI18nState().t;
}

export function useLanguage(): [Language, (language: Language) => void] {
  const i18n = useI18n();
  return [useI18nState().language, i18n.setLanguage];
}
