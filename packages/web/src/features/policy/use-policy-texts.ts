import { useCallback } from 'react';
import { formatPolicyDiagnostic, type PolicyDiagnostic } from '@tessera/domain';
import { useI18nState } from '../../shared/i18n';

/** The current language and texts, as the policy code's translator and messages take them. */
export function usePolicyTexts() {
  const { language, texts, t } = useI18nState();
  const describe = useCallback(
    (item: PolicyDiagnostic) => formatPolicyDiagnostic(item, language, texts),
    [language, texts],
  );
  return { language, texts, t, describe };
}
