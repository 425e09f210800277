import { ActivityPublishState } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { activityIssues, type ActivityFields } from './rules';

const valid: ActivityFields = {
  title: '创作者激励计划',
  titleEn: 'Creator Incentive',
  cover: '/static/demo/covers/mosaic.svg',
  link: 'creator-incentive',
  redirectUrl: '',
  startTime: new Date('2025-03-01T00:00:00.000Z'),
  limitTime: new Date('2025-04-01T00:00:00.000Z'),
  persist: false,
  sortNo: 0,
  publishState: ActivityPublishState.Published,
};

describe('activity rules', () => {
  it('accept a valid activity, including a redirect with an address', () => {
    expect(activityIssues(valid)).toEqual([]);
    expect(activityIssues({ ...valid, link: 'play-newer', redirectUrl: '/guideFreelog' })).toEqual([]);
    expect(activityIssues({ ...valid, link: 'Widget', redirectUrl: 'https://example.com/widgets' })).toEqual([]);
    expect(activityIssues({ ...valid, title: '活'.repeat(100), cover: '' })).toEqual([]);
  });

  it.each<[string, Partial<ActivityFields>, string, string]>([
    ['an empty title', { title: '  ' }, 'title', 'required'],
    ['a title of 101 characters', { title: '活'.repeat(101) }, 'title', 'maxLength'],
    ['an English title of 101 characters', { titleEn: 'x'.repeat(101) }, 'titleEn', 'maxLength'],
    ['an empty link', { link: '' }, 'link', 'required'],
    ['a link with spaces', { link: 'creator incentive' }, 'link', 'pattern'],
    ['a link starting with a digit', { link: '2025-contest' }, 'link', 'pattern'],
    ['a cover that is no address', { cover: 'javascript:alert(1)' }, 'cover', 'format'],
    ['a protocol-relative cover', { cover: '//evil.example/x.png' }, 'cover', 'format'],
    ['a cover over 100 characters', { cover: `/static/${'x'.repeat(100)}.svg` }, 'cover', 'maxLength'],
    ['a redirect key without an address', { link: 'invite-friend' }, 'redirectUrl', 'required'],
    [
      'a redirect to another scheme',
      { link: 'invite-friend', redirectUrl: 'ftp://example.com' },
      'redirectUrl',
      'format',
    ],
    ['an address on an in-page campaign', { redirectUrl: '/home' }, 'redirectUrl', 'notAllowed'],
    ['an end before the start', { limitTime: new Date('2025-02-01T00:00:00.000Z') }, 'limitTime', 'afterStart'],
    ['an end equal to the start', { limitTime: new Date('2025-03-01T00:00:00.000Z') }, 'limitTime', 'afterStart'],
    ['an invalid start', { startTime: new Date(Number.NaN) }, 'startTime', 'format'],
    ['a fractional sort number', { sortNo: 1.5 }, 'sortNo', 'range'],
    ['an unknown state', { publishState: 7 as ActivityPublishState }, 'publishState', 'enum'],
  ])('refuse %s', (_case, change, field, code) => {
    expect(activityIssues({ ...valid, ...change })).toContainEqual(expect.objectContaining({ field, code }));
  });
});
