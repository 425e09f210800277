// Activities: the wire shape (SPEC §3.1 plus `redirectUrl`, see docs/architecture.md), the list item
// of SPEC §3.2, the status and time rules of SPEC §4 and the server's wire status of DOMAIN §3.12.
import { ANNOUNCE_DAYS } from './constants';
import { addDays, formatDisplayDate, toDate, type DateInput } from './dates';

export const ActivityWireStatus = { Draft: 1, Paused: 2, NotStarted: 3, Ongoing: 4, Ended: 5 } as const;
export type ActivityWireStatus = (typeof ActivityWireStatus)[keyof typeof ActivityWireStatus];

/** Stored by the server; never sent to clients. */
export const ActivityPublishState = { Draft: 1, Paused: 2, Published: 3 } as const;
export type ActivityPublishState = (typeof ActivityPublishState)[keyof typeof ActivityPublishState];

export type ActivityWire = {
  _id: string;
  title: string;
  cover: string;
  status: ActivityWireStatus;
  persist: boolean;
  /** Campaign key (SPEC §2.4). */
  link: string;
  /** Where a redirect campaign sends the browser; '' for in-page campaigns. */
  redirectUrl: string;
  startTime: string;
  limitTime: string;
};

export type ActivityStatusText = '' | 'starting' | 'ongoing' | 'end';

export type ActivityListItem = {
  activityID: string;
  activityTitle: string;
  activityCover: string;
  status: ActivityStatusText;
  /** Spelled as SPEC §3.2 spells it. */
  persis: boolean;
  link: string;
  redirectUrl: string;
  /** 'YYYY/MM/DD HH:mm' in local time, or ''. */
  startTime: string;
  limitTime: string;
};

export type ActivityTimeValidity = 'Validity' | 'NotStart' | 'Finished';

type ActivityWindow = { persist: boolean; startTime: DateInput; limitTime: DateInput };

export const REDIRECT_ACTIVITY_LINKS = [
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
] as const;
export type RedirectActivityLink = (typeof REDIRECT_ACTIVITY_LINKS)[number];

export function isRedirectActivityLink(link: unknown): link is RedirectActivityLink {
  return typeof link === 'string' && (REDIRECT_ACTIVITY_LINKS as readonly string[]).includes(link);
}

export function activityStatusText(status: number): ActivityStatusText {
  switch (status) {
    case ActivityWireStatus.Draft:
    case ActivityWireStatus.Paused:
      return '';
    case ActivityWireStatus.NotStarted:
      return 'starting';
    case ActivityWireStatus.Ongoing:
      return 'ongoing';
    default:
      return 'end';
  }
}

/** Where `now` falls in the window; a missing or invalid bound does not limit that side. */
function windowPosition({ startTime, limitTime }: ActivityWindow, now: Date): 'before' | 'within' | 'after' {
  const start = toDate(startTime);
  const limit = toDate(limitTime);
  if (start && now.getTime() < start.getTime()) return 'before';
  if (limit && now.getTime() > limit.getTime()) return 'after';
  return 'within';
}

export function activityTimeValidity(activity: ActivityWindow, now: Date): ActivityTimeValidity {
  if (activity.persist) return 'Validity';
  const position = windowPosition(activity, now);
  if (position === 'before') return 'NotStart';
  return position === 'after' ? 'Finished' : 'Validity';
}

export function activityWireStatus(
  activity: ActivityWindow & { publishState: ActivityPublishState },
  now: Date,
): ActivityWireStatus {
  if (activity.publishState === ActivityPublishState.Draft) return ActivityWireStatus.Draft;
  if (activity.publishState === ActivityPublishState.Paused) return ActivityWireStatus.Paused;
  if (activity.persist) return ActivityWireStatus.Ongoing;
  const position = windowPosition(activity, now);
  if (position === 'before') return ActivityWireStatus.NotStarted;
  return position === 'after' ? ActivityWireStatus.Ended : ActivityWireStatus.Ongoing;
}

/** The end of the window plus ANNOUNCE_DAYS calendar days. */
export function announceTime(endTime: Date | string): Date {
  return addDays(endTime, ANNOUNCE_DAYS);
}

export function toActivityListItem(activity: ActivityWire): ActivityListItem {
  return {
    activityID: activity._id,
    activityTitle: activity.title,
    activityCover: activity.cover,
    status: activityStatusText(activity.status),
    persis: activity.persist,
    link: activity.link,
    redirectUrl: activity.redirectUrl,
    startTime: formatDisplayDate(activity.startTime, true),
    limitTime: formatDisplayDate(activity.limitTime, true),
  };
}
