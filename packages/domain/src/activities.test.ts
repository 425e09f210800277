import { describe, expect, it } from 'vitest';
import {
  ActivityPublishState,
  ActivityWireStatus,
  REDIRECT_ACTIVITY_LINKS,
  activityStatusText,
  activityTimeValidity,
  activityWireStatus,
  announceTime,
  isRedirectActivityLink,
  toActivityListItem,
  type ActivityWire,
} from './activities';

const local = (year: number, month: number, day: number, hours = 0, minutes = 0) =>
  new Date(year, month - 1, day, hours, minutes);

const START = local(2025, 3, 1, 8, 30);
const LIMIT = local(2025, 3, 31, 20, 0);
const BEFORE = new Date(START.getTime() - 1);
const DURING = local(2025, 3, 15, 12, 0);
const AFTER = new Date(LIMIT.getTime() + 1);

describe('REDIRECT_ACTIVITY_LINKS', () => {
  it('holds the ten redirect keys of SPEC §2.4, exactly spelled', () => {
    expect(REDIRECT_ACTIVITY_LINKS).toEqual([
      'play-newer',
      'ResourceCompetition',
      'invite-friend',
      'Questionnaire',
      'ExperienceOfficer',
      'SpringFestival',
      'event_editorpick',
      'event_contest202409',
      'SpringFestival2025',
      'Widget',
    ]);
  });

  it.each(REDIRECT_ACTIVITY_LINKS)('recognises %s', (link) => {
    expect(isRedirectActivityLink(link)).toBe(true);
  });

  it.each([
    '',
    'play_newer',
    'widget',
    'springfestival',
    'SpringFestival2024',
    'Widget ',
    'daily-sign',
    undefined,
    null,
    3,
  ])('does not take %j for a redirect key', (link) => {
    expect(isRedirectActivityLink(link)).toBe(false);
  });
});

describe('activityStatusText', () => {
  it.each([
    [1, ''],
    [2, ''],
    [3, 'starting'],
    [4, 'ongoing'],
    [5, 'end'],
    [0, 'end'],
    [6, 'end'],
    [-1, 'end'],
    [Number.NaN, 'end'],
  ])('%s → %j', (status, expected) => {
    expect(activityStatusText(status)).toBe(expected);
  });
});

describe('activityTimeValidity', () => {
  const window = { startTime: START.toISOString(), limitTime: LIMIT.toISOString() };

  it.each([
    ['before the start', BEFORE, 'NotStart'],
    ['at the start', START, 'Validity'],
    ['inside the window', DURING, 'Validity'],
    ['at the limit', LIMIT, 'Validity'],
    ['after the limit', AFTER, 'Finished'],
  ])('is %s → %s when not always-on', (_label, now, expected) => {
    expect(activityTimeValidity({ persist: false, ...window }, now)).toBe(expected);
  });

  it.each([BEFORE, DURING, AFTER])('an always-on activity is valid at %s', (now) => {
    expect(activityTimeValidity({ persist: true, ...window }, now)).toBe('Validity');
  });

  it('accepts Date bounds', () => {
    expect(activityTimeValidity({ persist: false, startTime: START, limitTime: LIMIT }, AFTER)).toBe('Finished');
  });

  it.each([
    [{ startTime: '', limitTime: LIMIT.toISOString() }, BEFORE, 'Validity'],
    [{ startTime: '', limitTime: LIMIT.toISOString() }, AFTER, 'Finished'],
    [{ startTime: START.toISOString(), limitTime: 'garbage' }, AFTER, 'Validity'],
    [{ startTime: START.toISOString(), limitTime: null }, BEFORE, 'NotStart'],
  ])('a missing or invalid bound does not limit that side: %j at %s', (bounds, now, expected) => {
    expect(activityTimeValidity({ persist: false, ...bounds }, now)).toBe(expected);
  });
});

describe('activityWireStatus', () => {
  const window = { startTime: START.toISOString(), limitTime: LIMIT.toISOString() };
  const { Draft, Paused, Published } = ActivityPublishState;

  it.each([
    [Draft, false, DURING, 1],
    [Draft, true, DURING, 1],
    [Paused, false, DURING, 2],
    [Paused, true, AFTER, 2],
    [Published, false, BEFORE, 3],
    [Published, false, START, 4],
    [Published, false, DURING, 4],
    [Published, false, LIMIT, 4],
    [Published, false, AFTER, 5],
    [Published, true, BEFORE, 4],
    [Published, true, AFTER, 4],
  ] as const)('publishState %i, persist %s at %s → %i', (publishState, persist, now, expected) => {
    expect(activityWireStatus({ publishState, persist, ...window }, now)).toBe(expected);
  });

  it('names the wire and publish states', () => {
    expect(ActivityWireStatus).toEqual({ Draft: 1, Paused: 2, NotStarted: 3, Ongoing: 4, Ended: 5 });
    expect(ActivityPublishState).toEqual({ Draft: 1, Paused: 2, Published: 3 });
  });
});

describe('announceTime', () => {
  it.each([
    [LIMIT, local(2025, 4, 15, 20, 0)],
    [LIMIT.toISOString(), local(2025, 4, 15, 20, 0)],
    [local(2024, 2, 20, 9, 15), local(2024, 3, 6, 9, 15)],
    [local(2024, 12, 20), local(2025, 1, 4)],
  ])('%s + 15 days', (end, expected) => {
    expect(announceTime(end).getTime()).toBe(expected.getTime());
  });

  it('gives an invalid date for an invalid end', () => {
    expect(Number.isNaN(announceTime('nope').getTime())).toBe(true);
  });
});

describe('toActivityListItem', () => {
  const activity: ActivityWire = {
    _id: '650a1c2e4b0f3d9a1b2c3d4e',
    title: '春节活动',
    cover: 'https://img.example/cover.png',
    status: 4,
    persist: false,
    link: 'SpringFestival',
    redirectUrl: 'https://example.com/spring',
    startTime: START.toISOString(),
    limitTime: LIMIT.toISOString(),
  };

  it('maps the wire fields onto the list item of SPEC §3.2', () => {
    expect(toActivityListItem(activity)).toEqual({
      activityID: '650a1c2e4b0f3d9a1b2c3d4e',
      activityTitle: '春节活动',
      activityCover: 'https://img.example/cover.png',
      status: 'ongoing',
      persis: false,
      link: 'SpringFestival',
      redirectUrl: 'https://example.com/spring',
      startTime: '2025/03/01 08:30',
      limitTime: '2025/03/31 20:00',
    });
  });

  it.each([
    [1, ''],
    [3, 'starting'],
    [5, 'end'],
  ] as const)('turns status %i into %j', (status, expected) => {
    expect(toActivityListItem({ ...activity, status }).status).toBe(expected);
  });

  it('keeps persist as persis and leaves missing times empty', () => {
    const item = toActivityListItem({ ...activity, persist: true, startTime: '', limitTime: '' });
    expect(item).toMatchObject({ persis: true, startTime: '', limitTime: '' });
  });
});
