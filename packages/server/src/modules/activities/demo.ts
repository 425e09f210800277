// Demo activities for a first start: every wire status, an always-on one, one per redirecting
// campaign key of SPEC §2.4 (each sending the browser to a page of this site, so the demo works
// offline) and the in-page campaigns the web app renders. Times are relative to the seeding moment.
import { ActivityPublishState, type RedirectActivityLink } from '@tessera/domain';
import { durationMs, fixedClock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ActivityRepo } from './repo';
import type { NewActivity } from './service';
import { ActivityService } from './service';

/** Campaign keys whose content the web app renders inside the detail page. */
export const IN_PAGE_CAMPAIGNS = ['creator-incentive', 'node-showcase', 'daily-sign-in', 'theme-contest'] as const;

export const DEMO_COVER_DIR = '/static/demo/covers';
const cover = (name: string) => `${DEMO_COVER_DIR}/${name}.svg`;

type DemoActivity = Omit<NewActivity, 'startTime' | 'limitTime'> & {
  /** Days from the seeding moment. */
  startDays: number;
  endDays: number;
};

const { Draft, Paused, Published } = ActivityPublishState;

const IN_PAGE: DemoActivity[] = [
  {
    link: 'daily-sign-in',
    title: '每日签到领奖励',
    titleEn: 'Daily Sign-in Rewards',
    cover: cover('sunrise'),
    persist: true,
    startDays: -60,
    endDays: 305,
    sortNo: 0,
    publishState: Published,
  },
  {
    link: 'creator-incentive',
    title: '创作者激励计划',
    titleEn: 'Creator Incentive Program',
    cover: cover('mosaic'),
    startDays: -10,
    endDays: 30,
    sortNo: 10,
    publishState: Published,
  },
  {
    link: 'node-showcase',
    title: '节点风采展',
    titleEn: 'Node Showcase',
    cover: cover('orbit'),
    startDays: 5,
    endDays: 40,
    sortNo: 11,
    publishState: Published,
  },
  {
    link: 'theme-contest',
    title: '主题设计大赛',
    titleEn: 'Theme Design Contest',
    cover: cover('waves'),
    startDays: -60,
    endDays: -5,
    sortNo: 12,
    publishState: Published,
  },
  {
    link: 'theme-contest',
    title: '第二届主题设计大赛（筹备中）',
    titleEn: 'Theme Design Contest II (in preparation)',
    cover: cover('peaks'),
    startDays: 30,
    endDays: 90,
    sortNo: 13,
    publishState: Draft,
  },
  {
    link: 'creator-incentive',
    title: '夏季创作挑战（已暂停）',
    titleEn: 'Summer Creation Challenge (paused)',
    cover: cover('blocks'),
    startDays: -3,
    endDays: 27,
    sortNo: 14,
    publishState: Paused,
  },
];

const REDIRECT_CAMPAIGNS: (Omit<DemoActivity, 'sortNo' | 'publishState'> & { link: RedirectActivityLink })[] = [
  {
    link: 'play-newer',
    redirectUrl: '/guideFreelog',
    title: '新手指南：玩转 Tessera',
    titleEn: 'Getting Started with Tessera',
    cover: cover('peaks'),
    startDays: -30,
    endDays: 335,
  },
  {
    link: 'ResourceCompetition',
    title: '优质资源评选',
    titleEn: 'Resource Competition',
    cover: cover('mosaic'),
    startDays: -7,
    endDays: 23,
  },
  {
    link: 'invite-friend',
    title: '邀请好友，一起创作',
    titleEn: 'Invite Friends',
    cover: cover('orbit'),
    startDays: -20,
    endDays: 40,
  },
  {
    link: 'Questionnaire',
    title: '用户体验调研问卷',
    titleEn: 'User Experience Survey',
    cover: cover('waves'),
    startDays: -2,
    endDays: 12,
  },
  {
    link: 'ExperienceOfficer',
    title: '体验官招募',
    titleEn: 'Experience Officer Program',
    cover: cover('blocks'),
    startDays: 3,
    endDays: 33,
  },
  {
    link: 'SpringFestival',
    title: '新春活动',
    titleEn: 'Spring Festival Event',
    cover: cover('lanterns'),
    startDays: -90,
    endDays: -20,
  },
  {
    link: 'event_editorpick',
    title: '编辑精选',
    titleEn: "Editor's Picks",
    cover: cover('sunrise'),
    startDays: -14,
    endDays: 16,
  },
  {
    link: 'event_contest202409',
    title: '九月创作大赛',
    titleEn: 'September Creation Contest',
    cover: cover('waves'),
    startDays: -180,
    endDays: -150,
  },
  {
    link: 'SpringFestival2025',
    title: '2025 新春福利',
    titleEn: 'Spring Festival 2025 Gifts',
    cover: cover('lanterns'),
    startDays: -5,
    endDays: 25,
  },
  {
    link: 'Widget',
    title: '插件开发者计划',
    titleEn: 'Widget Builders Program',
    cover: cover('blocks'),
    startDays: -40,
    endDays: 50,
  },
];

const REDIRECTS: DemoActivity[] = REDIRECT_CAMPAIGNS.map((activity, index) => ({
  redirectUrl: `/home?campaign=${activity.link}`,
  sortNo: 20 + index,
  publishState: Published,
  ...activity,
}));

export const DEMO_ACTIVITIES: readonly DemoActivity[] = [...IN_PAGE, ...REDIRECTS];

export async function loadDemoActivities(db: Db, now: Date): Promise<void> {
  const activities = new ActivityService(new ActivityRepo(db), fixedClock(now));
  for (const { startDays, endDays, ...activity } of DEMO_ACTIVITIES) {
    await activities.create({
      ...activity,
      startTime: new Date(now.getTime() + durationMs({ days: startDays })),
      limitTime: new Date(now.getTime() + durationMs({ days: endDays })),
    });
  }
}
