import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer } from 'antd';
import { compilePolicy, ErrCode, SubjectType, type PolicySubjectType } from '@tessera/domain';
import { ApiError, errorMessage, useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { StatusPanel } from '../../../shared/ui/StatusPanel';
import { contractDetailQuery, type Contract } from '../contracts-api';
import { ContractStateTag } from '../ContractStateTag';
import { platformZone } from '../platform-time';
import { ContractHistory } from './ContractHistory';
import { ContractPayments } from './ContractPayments';
import { ContractPolicy } from './ContractPolicy';
import { ContractFacts, ContractParties } from './ContractFacts';
import { UpcomingEvents } from './UpcomingEvents';
import styles from './drawer.module.css';

export interface ContractDrawerProps {
  /** '' while no contract is open. */
  contractId: string;
  onClose: () => void;
}

/**
 * One contract: its state, parties, policy (text and state graph with the current state), what can
 * happen next and when, and its history in the reader's language.
 */
export function ContractDrawer({ contractId, onClose }: ContractDrawerProps) {
  const t = useT();
  const api = useApiClient();
  // While the drawer slides away its contract stays shown.
  const [shownId, setShownId] = useState(contractId);
  if (contractId && contractId !== shownId) setShownId(contractId);
  const query = useQuery({ ...contractDetailQuery(api, shownId), enabled: shownId !== '' });
  const contract = query.data;

  return (
    <Drawer
      open={contractId !== ''}
      onClose={onClose}
      size="min(720px, 100vw)"
      title={
        contract ? (
          <span className={styles.title}>
            {contract.contractName} <ContractStateTag contract={contract} />
          </span>
        ) : (
          t('contractsPage.drawer.title')
        )
      }
      closable={{ 'aria-label': t('contractsPage.drawer.close') }}
      destroyOnHidden
    >
      {contract ? (
        <ContractDetails contract={contract} />
      ) : query.isError && !query.isFetching ? (
        isNotFound(query.error) ? (
          <StatusPanel tone="notFound" title={t('contractsPage.drawer.notFound')} testId="contract-not-found" />
        ) : (
          <StatusPanel
            tone="error"
            title={t('contractsPage.drawer.error')}
            description={errorMessage(query.error) || t('common.error.tryLater')}
            actions={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            testId="contract-error"
          />
        )
      ) : (
        <StatusPanel tone="loading" title={t('contractsPage.drawer.loading')} testId="contract-loading" />
      )}
    </Drawer>
  );
}

/** The server answers errCode 2 for no such contract and 3 for someone else's: not found either way. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.errCode === ErrCode.Business || error.errCode === ErrCode.Forbidden);

function ContractDetails({ contract }: { contract: Contract }) {
  const t = useT();
  const policyText = contract.policyInfo?.policyText;
  const policy = useMemo(() => {
    if (policyText === undefined) return null;
    const subjectType = (contract.policyInfo?.subjectType ?? SubjectType.Resource) as PolicySubjectType;
    const result = compilePolicy(policyText, { subjectType });
    return result.ok ? result.policy : null;
  }, [policyText, contract.policyInfo?.subjectType]);

  return (
    <div className={styles.body} data-testid="contract-drawer">
      <p className={styles.muted}>{t('contractsPage.drawer.timeZone', { zone: platformZone() })}</p>
      <ContractFacts contract={contract} />
      <ContractParties contract={contract} />
      <UpcomingEvents contract={contract} fsm={policy?.fsmDescriptionInfo ?? null} />
      <ContractPayments contract={contract} fsm={policy?.fsmDescriptionInfo ?? null} />
      <ContractPolicy contract={contract} policy={policy} />
      <ContractHistory contractId={contract.contractId} />
    </div>
  );
}
