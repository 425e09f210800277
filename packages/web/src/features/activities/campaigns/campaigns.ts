import { routes } from '@tessera/domain';
import type { ButtonVariant } from '../../../shared/ui/button-class';

// The in-page campaigns (SPEC §2.4). Their words live in the translation texts under
// `activities.campaign.<id>.…`; this file only says which sections each campaign has:
//   <id>.summary                      the opening paragraph
//   <id>.<section>.title              a section heading
//   <id>.<section>.<item>.title/.text steps and cards
//   <id>.<section>.<item>             bullets
//   <id>.note                         an optional notice
//   <id>.action.<action>              the calls to action

export type CampaignSectionKind = 'steps' | 'cards' | 'bullets';

export interface CampaignSection {
  id: string;
  kind: CampaignSectionKind;
  items: readonly string[];
}

export interface CampaignAction {
  id: string;
  to: () => string;
  variant: ButtonVariant;
}

export interface Campaign {
  id: string;
  sections: readonly CampaignSection[];
  note?: boolean;
  actions: readonly CampaignAction[];
}

const guideAction: CampaignAction = { id: 'guide', to: routes.guideFreelog, variant: 'secondary' };

const creatorIncentive: Campaign = {
  id: 'creatorIncentive',
  sections: [
    { id: 'how', kind: 'steps', items: ['create', 'version', 'policy', 'publish'] },
    { id: 'rewards', kind: 'cards', items: ['publish', 'signed', 'featured'] },
    { id: 'rules', kind: 'bullets', items: ['original', 'online', 'duplicate', 'fair'] },
  ],
  actions: [{ id: 'create', to: routes.resourceCreatorEntry, variant: 'primary' }, guideAction],
};

const nodeShowcase: Campaign = {
  id: 'nodeShowcase',
  sections: [
    { id: 'how', kind: 'steps', items: ['create', 'exhibits', 'theme', 'share'] },
    { id: 'criteria', kind: 'cards', items: ['content', 'design', 'experience'] },
    { id: 'rules', kind: 'bullets', items: ['ownNode', 'licensed', 'online'] },
  ],
  actions: [{ id: 'createNode', to: routes.nodeCreator, variant: 'primary' }, guideAction],
};

const dailySignIn: Campaign = {
  id: 'dailySignIn',
  sections: [
    { id: 'how', kind: 'steps', items: ['login', 'signIn', 'streak'] },
    { id: 'rewards', kind: 'cards', items: ['daily', 'streak', 'use'] },
    { id: 'rules', kind: 'bullets', items: ['oncePerDay', 'reset', 'account'] },
  ],
  note: true,
  actions: [
    // Checking in is in the wallet (and the user menu) until the rewards issue builds a reward centre.
    { id: 'reward', to: routes.logged.wallet, variant: 'primary' },
    { id: 'activities', to: routes.activities, variant: 'secondary' },
  ],
};

const themeContest: Campaign = {
  id: 'themeContest',
  sections: [
    { id: 'how', kind: 'steps', items: ['design', 'publish', 'policy', 'apply'] },
    { id: 'criteria', kind: 'cards', items: ['beauty', 'usability', 'originality'] },
    { id: 'rules', kind: 'bullets', items: ['themeType', 'original', 'policy'] },
  ],
  actions: [{ id: 'create', to: routes.resourceCreatorEntry, variant: 'primary' }, guideAction],
};

/** Any other in-page campaign key. */
export const genericCampaign: Campaign = {
  id: 'generic',
  sections: [{ id: 'how', kind: 'steps', items: ['read', 'join', 'follow'] }],
  actions: [{ id: 'activities', to: routes.activities, variant: 'secondary' }],
};

const campaignsByLink: Readonly<Record<string, Campaign>> = {
  'creator-incentive': creatorIncentive,
  'node-showcase': nodeShowcase,
  'daily-sign-in': dailySignIn,
  'theme-contest': themeContest,
};

/** Every campaign, for the tests that check where their buttons lead. */
export const allCampaigns: readonly Campaign[] = [...Object.values(campaignsByLink), genericCampaign];

export function campaignFor(link: string): Campaign {
  return Object.hasOwn(campaignsByLink, link) ? (campaignsByLink[link] ?? genericCampaign) : genericCampaign;
}
