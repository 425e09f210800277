import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { authProblemsOf, relationAuthQuery } from './auths-api';
import { useContractAddress } from './contract-address';
import styles from './dependency-contracts.module.css';

export interface DependencyAuthNoticeProps {
  resourceId: string;
  version: string;
  /** Where the owner signs (the editor's dependency tab); left out on that tab itself. */
  signHref?: string;
}

/**
 * The owner's warning that a version of the resource is not authorised upstream: each dependency its own
 * contracts do not authorise (sign or pay: a link to each contract's drawer, and to where to sign), and each
 * dependency whose own upstream fails. Nothing while the answer is missing or fails: it is a hint, not the page.
 */
export function DependencyAuthNotice({ resourceId, version, signHref }: DependencyAuthNoticeProps) {
  const t = useT();
  const api = useApiClient();
  const { hrefOf } = useContractAddress();
  const tree = useQuery({ ...relationAuthQuery(api, resourceId, version), retry: false });
  if (!tree.data) return null;
  const { unlicensed, upstream } = authProblemsOf(tree.data);
  if (unlicensed.length === 0 && upstream.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className={styles.notice}
      data-testid="auth-problems"
      title={t(unlicensed.length > 0 ? 'contractsPage.auth.title' : 'contractsPage.auth.upstreamTitle', { version })}
      description={
        <ul className={styles.problems}>
          {unlicensed.map((dependency) => (
            <li key={dependency.resourceId} data-testid="auth-problem" data-resource-id={dependency.resourceId}>
              <span>{t('contractsPage.auth.unlicensed', { name: dependency.resourceName })}</span>
              {dependency.contractIds.map((contractId, index) => (
                <Link
                  key={contractId}
                  to={hrefOf(contractId)}
                  aria-label={t('contractsPage.auth.contractOf', { name: dependency.resourceName, number: index + 1 })}
                >
                  {t('contractsPage.auth.contract', { number: index + 1 })}
                </Link>
              ))}
              {signHref ? (
                <Link to={signHref} aria-label={t('contractsPage.auth.signOf', { name: dependency.resourceName })}>
                  {t('contractsPage.auth.sign')}
                </Link>
              ) : null}
            </li>
          ))}
          {upstream.map((dependency) => (
            <li key={dependency.resourceId} data-testid="auth-problem" data-resource-id={dependency.resourceId}>
              {t('contractsPage.auth.upstream', { name: dependency.resourceName })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
