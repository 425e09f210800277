import { useT } from '../../shared/i18n';
import { useResourceChange } from '../creator';
import { PolicyBindingsManager } from '../resources';
import type { TabProps } from './tab-props';

/** The owner's policies tab: the resource's policies, enabled, disabled and added here. */
export function PolicyTab({ resource, readOnly }: TabProps) {
  const t = useT();
  const changes = useResourceChange(resource.resourceId);
  return (
    <PolicyBindingsManager
      policies={resource.policies}
      apply={(change) => changes.mutateAsync(change)}
      readOnly={readOnly}
      texts={{
        lead: t('resourceEditor.policy.lead'),
        none: t('resourceEditor.policy.none'),
        noneHint: t('resourceEditor.policy.noneHint'),
      }}
      testIds={{ empty: 'policies-empty', refusal: 'policy-refusal' }}
    />
  );
}
