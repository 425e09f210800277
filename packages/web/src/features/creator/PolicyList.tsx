import { useMemo } from 'react';
import { Button } from 'antd';
import { compilePolicy, translatePolicy } from '@tessera/domain';
import { useI18nState, useT } from '../../shared/i18n';
import type { PolicyDraft } from '../policy';

/** The policies added in the wizard, each with its plain-language translation. */
export function PolicyList({
  policies,
  onRemove,
}: {
  policies: readonly PolicyDraft[];
  onRemove: (policy: PolicyDraft) => void;
}) {
  const t = useT();
  const { language, texts } = useI18nState();
  const summaries = useMemo(
    () =>
      policies.map((policy) => {
        const compiled = compilePolicy(policy.policyText);
        return compiled.ok ? translatePolicy(compiled.policy, language, texts) : '';
      }),
    [policies, language, texts],
  );
  if (policies.length === 0) return <p>{t('creator.policies.none')}</p>;
  return (
    <ul aria-label={t('creator.policies.list')}>
      {policies.map((policy, index) => (
        <li key={policy.policyName} data-testid="added-policy">
          <strong>{policy.policyName}</strong>{' '}
          <Button size="small" onClick={() => onRemove(policy)}>
            {t('creator.policies.remove')}
          </Button>
          <pre style={{ whiteSpace: 'pre-wrap' }}>{summaries[index]}</pre>
        </li>
      ))}
    </ul>
  );
}
