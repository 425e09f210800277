import {
  activityTimeValidity,
  announceTime,
  isRedirectActivityLink,
  toDate,
  type ActivityTimeValidity,
  type ActivityWire,
} from '@tessera/domain';

/** SPEC §3.3 (pageState 'noDate' is spelled as the SPEC spells it). */
export type ActivityPageState = 'loading' | 'loaded' | 'noDate';

export interface ActivityDetail {
  activityID: string;
  /** The activity's title; '' makes the page say the activity does not exist or is paused. */
  title: string;
  cover: string;
  persist: boolean;
  /** The campaign key (SPEC §3.3 showActivity). */
  showActivity: string;
  startTime: Date | null;
  endTime: Date | null;
  /** End of the window plus 15 days; null without an end. */
  announceTime: Date | null;
  timeValidity: ActivityTimeValidity;
}

export type FindOutcome =
  { kind: 'noDate' } | { kind: 'redirect'; address: string } | { kind: 'loaded'; detail: ActivityDetail };

/**
 * What the detail page does with the data of an accepted find4Client call (SPEC §2.4, §4); a refused
 * call (ret or errCode not 0) is noDate before it gets here.
 */
export function judgeFindAnswer(activity: ActivityWire | null, now: Date): FindOutcome {
  if (!activity) return { kind: 'noDate' };
  // A redirect campaign without an address has nowhere to go; it is shown in the page instead.
  if (isRedirectActivityLink(activity.link) && activity.redirectUrl) {
    return { kind: 'redirect', address: activity.redirectUrl };
  }
  return { kind: 'loaded', detail: toActivityDetail(activity, now) };
}

export function toActivityDetail(activity: ActivityWire, now: Date): ActivityDetail {
  const endTime = toDate(activity.limitTime);
  return {
    activityID: activity._id,
    title: activity.title,
    cover: activity.cover,
    persist: activity.persist,
    showActivity: activity.link,
    startTime: toDate(activity.startTime),
    endTime,
    announceTime: endTime ? announceTime(endTime) : null,
    timeValidity: activityTimeValidity(activity, now),
  };
}
