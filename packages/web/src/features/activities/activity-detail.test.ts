import { describe, expect, it } from 'vitest';
import { REDIRECT_ACTIVITY_LINKS } from '@tessera/domain';
import { activityWire } from '../../testing/fixtures';
import { judgeFindAnswer } from './activity-detail';

const now = new Date('2025-06-15T12:00:00Z');

describe('judgeFindAnswer', () => {
  // A non-zero errCode or ret never gets here: ApiClient.call throws it (shared/api/client.test.ts).
  it('is noDate for no data', () => {
    expect(judgeFindAnswer(null, now)).toEqual({ kind: 'noDate' });
  });

  it.each(REDIRECT_ACTIVITY_LINKS)('redirects for the link %s', (link) => {
    const answer = activityWire({ link, redirectUrl: `/home?campaign=${link}` });
    expect(judgeFindAnswer(answer, now)).toEqual({ kind: 'redirect', address: `/home?campaign=${link}` });
  });

  it('shows an in-page campaign with its times', () => {
    const outcome = judgeFindAnswer(
      activityWire({ startTime: '2025-06-01T00:00:00.000Z', limitTime: '2025-06-30T00:00:00.000Z' }),
      now,
    );
    expect(outcome.kind).toBe('loaded');
    if (outcome.kind !== 'loaded') return;
    expect(outcome.detail.showActivity).toBe('creator-incentive');
    expect(outcome.detail.timeValidity).toBe('Validity');
    expect(outcome.detail.endTime?.toISOString()).toBe('2025-06-30T00:00:00.000Z');
    expect(outcome.detail.announceTime?.getTime()).toBe(new Date('2025-07-15T00:00:00.000Z').getTime());
  });

  it('knows NotStart, Finished and always-on', () => {
    const at = (startTime: string, limitTime: string, persist = false) =>
      judgeFindAnswer(activityWire({ startTime, limitTime, persist }), now);
    const validity = (outcome: ReturnType<typeof at>) =>
      outcome.kind === 'loaded' ? outcome.detail.timeValidity : outcome.kind;
    expect(validity(at('2025-07-01T00:00:00Z', '2025-08-01T00:00:00Z'))).toBe('NotStart');
    expect(validity(at('2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z'))).toBe('Finished');
    expect(validity(at('2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z', true))).toBe('Validity');
  });

  it('shows a redirect campaign in the page when it has no address to go to', () => {
    expect(judgeFindAnswer(activityWire({ link: 'Widget', redirectUrl: '' }), now).kind).toBe('loaded');
  });
});
