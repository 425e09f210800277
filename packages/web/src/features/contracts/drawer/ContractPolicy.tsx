import { useId } from 'react';
import type { CompiledPolicy } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { LazyPolicyStateGraph, PolicyTranslationView } from '../../policy';
import type { Contract } from '../contracts-api';
import styles from './drawer.module.css';

/** The contract's policy: its state graph with the current state highlighted, what it says, and its code. */
export function ContractPolicy({ contract, policy }: { contract: Contract; policy: CompiledPolicy | null }) {
  const t = useT();
  const headingId = useId();
  const text = contract.policyInfo?.policyText;
  return (
    <section aria-labelledby={headingId} className={styles.section} data-testid="contract-policy">
      <h2 id={headingId} className={styles.heading}>
        {t('contractsPage.drawer.policy')}
      </h2>
      {policy ? (
        <>
          <h3 className={styles.subheading}>{t('contractsPage.drawer.policy.graph')}</h3>
          <LazyPolicyStateGraph fsm={policy.fsmDescriptionInfo} currentState={contract.fsmCurrentState} />
          <h3 className={styles.subheading}>{t('contractsPage.drawer.policy.text')}</h3>
          <PolicyTranslationView policy={policy} />
        </>
      ) : (
        <p className={styles.muted}>{t('contractsPage.drawer.policy.unavailable')}</p>
      )}
      {text ? (
        <details className={styles.code}>
          <summary>{t('contractsPage.drawer.policy.code')}</summary>
          <pre data-testid="contract-policy-code">{text}</pre>
        </details>
      ) : null}
    </section>
  );
}
