import type { VersionPlan } from './use-version-plan';
import type { UpcastRule, VersionDraftData } from './version-draft';

/** What the version editors work on: the draft, how to change it, its candidates and the upcast rule. */
export interface VersionEditorProps {
  resourceId: string | undefined;
  draft: VersionDraftData;
  change: (patch: Partial<VersionDraftData>) => void;
  plan: VersionPlan;
  rule: UpcastRule;
}
