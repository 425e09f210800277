import { SubjectType } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PolicyBindingsManager } from '../resources';
import { updateExhibit, type Exhibit } from './exhibits-api';
import { useExhibitChange } from './use-exhibit-change';
import type { UpdatePresentableBody } from '@tessera/contract/exhibits';

/** The exhibit's policies (what consumers may sign), each enabled or disabled here; new ones with the editor. */
export function ExhibitPolicies({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const change = useExhibitChange(exhibit.presentableId, (body: UpdatePresentableBody) =>
    updateExhibit(api, exhibit.presentableId, body),
  );
  return (
    <PolicyBindingsManager
      policies={exhibit.policies}
      apply={(body) => change.mutateAsync(body)}
      subjectType={SubjectType.Exhibit}
      texts={{
        lead: t('exhibitsWeb.policies.lead'),
        none: t('exhibitsWeb.policies.none'),
        noneHint: t('exhibitsWeb.policies.noneHint'),
      }}
      testIds={{ empty: 'exhibit-policies-empty', refusal: 'exhibit-policy-refusal' }}
    />
  );
}
