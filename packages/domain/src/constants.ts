// Business constants of SPEC §9, shared by the server and the web app.

export const DEFAULT_PAGE_SIZE = 100;
export const ACTIVITY_LIST_LIMIT = 100;
export const ANNOUNCE_DAYS = 15;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DISPLAY_DATE_FORMAT = 'YYYY/MM/DD';
export const DISPLAY_DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';

export const FILE_ANALYSIS_POLL_MS = 500;
export const DEFAULT_SLEEP_MS = 300;

export const LANGUAGES = ['zh_CN', 'en_US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_CN';

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 36525;
export const UID_COOKIE = 'uid';
export const SESSION_COOKIE = 'authInfo';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const RANDOM_CODE_LENGTH = 5;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const PUBLIC_PATH = '/';
export const API_PREFIX = '/v2';
export const I18N_TEXTS_PATH = '/i18n/texts.json';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function sleep(ms: number = DEFAULT_SLEEP_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
