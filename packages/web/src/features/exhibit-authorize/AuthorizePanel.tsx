import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ExhibitAuthResultWire } from '@tessera/contract/exhibit-auths';
import type { Page } from '@tessera/domain';
import { Alert, Button, Tag } from 'antd';
import type { PolicyBindingWire } from '@tessera/contract/resources';
import type { NodeWire } from '@tessera/contract/nodes';
import type { PresentableWire } from '@tessera/contract/exhibits';
import { compilePolicy, SubjectType, type CompiledPolicy } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { ContractPayments, ContractStateTag, type Contract } from '../contracts';
import { PolicyTranslationView } from '../policy';
import { authResultQuery, authorizeKeys, myContractsQuery, signExhibitPolicy } from './authorize-api';
import { safeReturnUrl } from './return-url';
import styles from './ExhibitAuthorizePage.module.css';

interface AuthorizePanelProps {
  exhibit: PresentableWire;
  node: NodeWire;
  userId: number;
  returnUrl: string | null;
}

type Feedback = { kind: 'signed'; name: string } | { kind: 'refused'; reason: string } | null;

const compile = (policyText: string | undefined): CompiledPolicy | null => {
  if (policyText === undefined) return null;
  const result = compilePolicy(policyText, { subjectType: SubjectType.Exhibit });
  return result.ok ? result.policy : null;
};

/**
 * The signed-in visitor's part: whether he may see the exhibit, its policies to sign, his contracts on it
 * with their payments, and the way back to the site once he may.
 */
export function AuthorizePanel({ exhibit, node, userId, returnUrl }: AuthorizePanelProps) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const contracts = useQuery(myContractsQuery(api, exhibit.presentableId));
  // The auth result is read again whenever a contract appears or moves (signed, paid).
  const contractsState = (contracts.data?.dataList ?? [])
    .map((contract) => `${contract.contractId}:${contract.fsmCurrentState}:${contract.authStatus}`)
    .join(',');
  const auth = useQuery({
    ...authResultQuery(api, node.nodeId, exhibit.presentableId, contractsState),
    enabled: !contracts.isPending,
  });
  const sign = useMutation({
    mutationFn: (policy: PolicyBindingWire) => signExhibitPolicy(api, exhibit.presentableId, policy.policyId, userId),
    onMutate: () => setFeedback(null),
    onSuccess: (_contract, policy) => {
      setFeedback({ kind: 'signed', name: policy.policyName });
      void queryClient.invalidateQueries({ queryKey: authorizeKeys.contracts(exhibit.presentableId) });
    },
    onError: (failure) => setFeedback({ kind: 'refused', reason: errorMessage(failure) || t('common.error.tryLater') }),
  });

  if (auth.data?.isAuth) {
    return (
      <AuthorizedNotice
        exhibitName={exhibit.presentableTitle || exhibit.presentableName}
        backUrl={safeReturnUrl(returnUrl, node.nodeUrl)}
      />
    );
  }

  return (
    <div className={styles.panel}>
      <AuthState auth={auth} />
      {feedback ? (
        <Alert
          type={feedback.kind === 'signed' ? 'success' : 'error'}
          role={feedback.kind === 'signed' ? 'status' : 'alert'}
          showIcon
          title={
            feedback.kind === 'signed'
              ? t('exhibitAuthorize.signed', { name: feedback.name })
              : t('exhibitAuthorize.signFailed', { reason: feedback.reason })
          }
          data-testid="authorize-feedback"
        />
      ) : null}
      <PolicyOffers
        policies={exhibit.policies.filter((policy) => policy.status === 1)}
        signing={sign.isPending ? sign.variables?.policyId : undefined}
        onSign={(policy) => sign.mutate(policy)}
      />
      <MyContracts contracts={contracts} />
    </div>
  );
}

/** The visitor may see the exhibit now. The focus moves here: the dialog or button it had is gone. */
function AuthorizedNotice({ exhibitName, backUrl }: { exhibitName: string; backUrl: string }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.success} role="status" aria-live="polite" data-testid="authorize-success">
      <h2 ref={heading} tabIndex={-1}>
        {t('exhibitAuthorize.success.title')}
      </h2>
      <p>{t('exhibitAuthorize.success.description', { exhibit: exhibitName })}</p>
      <Button type="primary" href={backUrl} data-testid="authorize-back">
        {t('exhibitAuthorize.back')}
      </Button>
    </section>
  );
}

function AuthState({ auth }: { auth: UseQueryResult<ExhibitAuthResultWire> }) {
  const t = useT();
  if (auth.isPending) return <p role="status">{t('exhibitAuthorize.auth.checking')}</p>;
  if (auth.isError) {
    return (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={t('exhibitAuthorize.auth.error')}
        description={errorMessage(auth.error)}
        data-testid="authorize-auth-error"
      />
    );
  }
  return (
    <p role="status" data-testid="authorize-pending">
      {auth.data.errorMsg
        ? t('exhibitAuthorize.auth.pending', { reason: auth.data.errorMsg })
        : t('exhibitAuthorize.auth.pendingPlain')}
    </p>
  );
}

function PolicyOffers({
  policies,
  signing,
  onSign,
}: {
  policies: PolicyBindingWire[];
  signing: string | undefined;
  onSign: (policy: PolicyBindingWire) => void;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{t('exhibitAuthorize.policies')}</h2>
      {policies.length === 0 ? (
        <p data-testid="authorize-no-policies">{t('exhibitAuthorize.policies.none')}</p>
      ) : (
        <ul className={styles.list}>
          {policies.map((policy) => (
            <PolicyOffer
              key={policy.policyId}
              policy={policy}
              busy={signing === policy.policyId}
              disabled={signing !== undefined}
              onSign={onSign}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PolicyOffer({
  policy,
  busy,
  disabled,
  onSign,
}: {
  policy: PolicyBindingWire;
  busy: boolean;
  disabled: boolean;
  onSign: (policy: PolicyBindingWire) => void;
}) {
  const t = useT();
  const compiled = useMemo(() => compile(policy.policyText), [policy.policyText]);
  return (
    <li className={styles.item} data-testid="authorize-policy">
      <h3 className={styles.itemTitle}>
        {policy.policyName}
        {policy.isFree === 1 ? <Tag color="green">{t('exhibitAuthorize.policy.free')}</Tag> : null}
        {policy.isFree === 0 ? <Tag color="gold">{t('exhibitAuthorize.policy.paid')}</Tag> : null}
      </h3>
      {compiled ? <PolicyTranslationView policy={compiled} /> : null}
      <Button
        type="primary"
        loading={busy}
        disabled={disabled && !busy}
        aria-label={t('exhibitAuthorize.sign', { name: policy.policyName })}
        onClick={() => onSign(policy)}
      >
        {busy ? t('exhibitAuthorize.signing') : t('exhibitAuthorize.sign', { name: policy.policyName })}
      </Button>
    </li>
  );
}

function MyContracts({ contracts }: { contracts: UseQueryResult<Page<Contract>> }) {
  const t = useT();
  const headingId = useId();
  let body;
  if (contracts.isPending) body = <p role="status">{t('exhibitAuthorize.contracts.loading')}</p>;
  else if (contracts.isError)
    body = (
      <StatusPanel
        tone="error"
        title={t('exhibitAuthorize.contracts.error')}
        description={errorMessage(contracts.error)}
        testId="authorize-contracts-error"
      />
    );
  else if (contracts.data.dataList.length === 0)
    body = <p data-testid="authorize-no-contracts">{t('exhibitAuthorize.contracts.none')}</p>;
  else
    body = (
      <ul className={styles.list}>
        {contracts.data.dataList.map((contract) => (
          <ContractRow key={contract.contractId} contract={contract} />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{t('exhibitAuthorize.contracts')}</h2>
      {body}
    </section>
  );
}

/** One contract with its state and, when its state asks for a payment, the pay buttons of the contracts feature. */
function ContractRow({ contract }: { contract: Contract }) {
  const fsm = useMemo(() => compile(contract.policyInfo?.policyText)?.fsmDescriptionInfo ?? null, [contract]);
  return (
    <li className={styles.item} data-testid="authorize-contract">
      <h3 className={styles.itemTitle}>
        {contract.contractName} <ContractStateTag contract={contract} />
      </h3>
      <ContractPayments contract={contract} fsm={fsm} />
    </li>
  );
}
