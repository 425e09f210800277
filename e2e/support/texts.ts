import type { APIRequestContext } from '@playwright/test';

export type Language = 'zh_CN' | 'en_US';
type Texts = Record<string, Record<Language, string>>;

let cached: Promise<Texts> | undefined;

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The translation texts the server publishes, so tests say what a person reads in either language. */
export async function textsFor(request: APIRequestContext, language: Language): Promise<Translate> {
  cached ??= request.get('/i18n/texts.json').then((response) => response.json() as Promise<Texts>);
  const texts = await cached;
  return (key: string, params: Record<string, string | number> = {}): string => {
    const text = texts[key]?.[language];
    if (text === undefined) throw new Error(`no ${language} text for ${key}`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
