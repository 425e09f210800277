import { afterEach, describe, expect, it, vi } from 'vitest';
import * as constants from './constants';
import { isLanguage, sleep } from './constants';

afterEach(() => {
  vi.useRealTimers();
});

describe('constants of SPEC §9', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['DEFAULT_PAGE_SIZE', 100],
    ['ACTIVITY_LIST_LIMIT', 100],
    ['ANNOUNCE_DAYS', 15],
    ['DATE_FORMAT', 'YYYY-MM-DD'],
    ['DATE_TIME_FORMAT', 'YYYY-MM-DD HH:mm'],
    ['DISPLAY_DATE_FORMAT', 'YYYY/MM/DD'],
    ['DISPLAY_DATE_TIME_FORMAT', 'YYYY/MM/DD HH:mm'],
    ['FILE_ANALYSIS_POLL_MS', 500],
    ['DEFAULT_SLEEP_MS', 300],
    ['LANGUAGES', ['zh_CN', 'en_US']],
    ['DEFAULT_LANGUAGE', 'zh_CN'],
    ['LOCALE_COOKIE', 'locale'],
    ['LOCALE_COOKIE_DAYS', 36525],
    ['UID_COOKIE', 'uid'],
    ['SESSION_COOKIE', 'authInfo'],
    ['XSRF_COOKIE', 'XSRF-TOKEN'],
    ['XSRF_HEADER', 'X-XSRF-TOKEN'],
    ['RANDOM_CODE_LENGTH', 5],
    ['CHUNK_LOAD_TIMEOUT_MS', 120000],
    ['PUBLIC_PATH', '/'],
    ['API_PREFIX', '/v2'],
    ['I18N_TEXTS_PATH', '/i18n/texts.json'],
  ])('%s', (name, expected) => {
    expect(constants[name]).toEqual(expected);
  });
});

describe('isLanguage', () => {
  it.each([
    ['zh_CN', true],
    ['en_US', true],
    ['en', false],
    ['zh-CN', false],
    ['EN_US', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('%j → %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('sleep', () => {
  it('waits 300 ms by default', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = sleep().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await waiting;
  });

  it('waits the given time', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = sleep(500).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await waiting;
  });
});
