import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Modal, Tag } from 'antd';
import { versionEndpoints } from '@tessera/contract/endpoints/versions';
import type { ResourceWire } from '@tessera/contract/resources';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { resourceKeys, resourceQuery } from '../resources';
import { authKeys } from './auths-api';
import { useContractAddress } from './contract-address';
import { contractKeys, resolvedContractsQuery } from './contracts-api';
import { batchSetRequest, changeKey, coverageOf, type CoverageChange, type CoverageResource } from './coverage';
import shared from './contracts.module.css';
import styles from './dependency-contracts.module.css';

type Changes = ReadonlyMap<string, CoverageChange>;

/**
 * The owner's editor dependency tab, contract part: per resource the versions resolve, its policies with,
 * for each, the versions whose contracts use it as ticks. Saving signs (or reuses) the ticked policies'
 * contracts and takes the unticked ones out (PUT …/versions/batchSetContracts); taking out asks first,
 * and the server refuses to leave a version without a contract on a resource, with its reason shown.
 */
export function DependencyContracts({ resource, readOnly }: { resource: ResourceWire; readOnly: boolean }) {
  const t = useT();
  const api = useApiClient();
  const queries = useQueryClient();
  const headingId = useId();
  const { resourceId } = resource;
  const resolved = useQuery(resolvedContractsQuery(api, resourceId));
  const dependencies = useQueries({
    queries: (resolved.data ?? []).map((entry) => ({ ...resourceQuery(api, entry.resourceId), retry: false })),
  });
  const [changes, setChanges] = useState<Changes>(new Map());
  const [saved, setSaved] = useState(false);
  const [modal, modalHolder] = Modal.useModal();

  const save = useMutation({
    mutationFn: (list: CoverageChange[]) =>
      api.call(versionEndpoints.batchSetContracts, { params: { resourceId }, body: batchSetRequest(list) }),
    // The ticks are cleared once the versions' contracts are read again, so they never flash back.
    onSuccess: async () => {
      await Promise.all(
        [contractKeys.all, authKeys.all, resourceKeys.all].map((queryKey) => queries.invalidateQueries({ queryKey })),
      );
      setChanges(new Map());
      setSaved(true);
    },
  });

  const toggle = (change: CoverageChange, now: boolean) => {
    const next = new Map(changes);
    if (change.use === now) next.delete(changeKey(change));
    else next.set(changeKey(change), change);
    setChanges(next);
    setSaved(false);
    save.reset();
  };

  const submit = () => {
    const list = [...changes.values()];
    const removals = list.filter((change) => !change.use).length;
    if (removals === 0) return void save.mutate(list);
    void modal.confirm({
      title: t('contractsPage.coverage.confirmTitle', { count: removals }),
      content: t('contractsPage.coverage.confirmBody'),
      okText: t('contractsPage.coverage.confirmRemove'),
      okButtonProps: { danger: true },
      cancelText: t('contractsPage.coverage.cancel'),
      onOk: () => save.mutate(list),
    });
  };

  const policiesOf = (id: string) => dependencies.find((read) => read.data?.resourceId === id)?.data?.policies ?? null;

  return (
    <section aria-labelledby={headingId} className={shared.section} data-testid="dependency-contracts">
      {modalHolder}
      <h3 id={headingId} className={shared.sectionTitle}>
        {t('contractsPage.coverage.title')}
      </h3>
      <p className={shared.hint}>{t('contractsPage.coverage.hint')}</p>
      {resolved.isError && !resolved.isFetching ? (
        <StatusPanel
          tone="error"
          title={t('contractsPage.coverage.error')}
          description={errorMessage(resolved.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void resolved.refetch()}>{t('common.retry')}</Button>}
          testId="dependency-contracts-error"
        />
      ) : !resolved.data ? (
        <StatusPanel tone="loading" title={t('common.loading')} testId="dependency-contracts-loading" />
      ) : resolved.data.length === 0 ? (
        <p className={shared.hint} data-testid="dependency-contracts-empty">
          {t('contractsPage.coverage.empty')}
        </p>
      ) : (
        <>
          {resolved.data.map((entry) => {
            const policies = policiesOf(entry.resourceId);
            return (
              <CoverageGroup
                key={entry.resourceId}
                coverage={coverageOf(entry, policies ?? [])}
                loading={policies === null && dependencies.some((read) => read.isPending)}
                changes={changes}
                disabled={readOnly || save.isPending}
                onToggle={toggle}
              />
            );
          })}
          {save.isError ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('contractsPage.coverage.refused')}
              description={errorMessage(save.error)}
              data-testid="dependency-contracts-refusal"
            />
          ) : null}
          {saved ? (
            <p role="status" className={shared.hint}>
              {t('contractsPage.coverage.saved')}
            </p>
          ) : null}
          {readOnly ? null : (
            <div className={styles.actions}>
              <Button type="primary" disabled={changes.size === 0} loading={save.isPending} onClick={submit}>
                {t('contractsPage.coverage.save', { count: changes.size })}
              </Button>
              <Button disabled={changes.size === 0 || save.isPending} onClick={() => setChanges(new Map())}>
                {t('contractsPage.coverage.undo')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

interface GroupProps {
  coverage: CoverageResource;
  loading: boolean;
  changes: Changes;
  disabled: boolean;
  onToggle: (change: CoverageChange, now: boolean) => void;
}

/** One resolved resource: its policies, each with its contracts and a tick per version. */
function CoverageGroup({ coverage, loading, changes, disabled, onToggle }: GroupProps) {
  const t = useT();
  const { hrefOf } = useContractAddress();
  const { resourceId, resourceName } = coverage;
  return (
    <div role="group" aria-label={resourceName} className={styles.group} data-testid="dependency-contract-group">
      <h4 className={styles.groupTitle}>{resourceName}</h4>
      {loading ? <p role="status">{t('common.loading')}</p> : null}
      {coverage.policies.map((policy) => (
        <div key={policy.policyId} className={styles.policy} data-testid="dependency-policy">
          <div className={styles.policyHead}>
            <strong>{policy.policyName}</strong>
            {policy.enabled ? null : <Tag>{t('contractsPage.coverage.disabled')}</Tag>}
            {policy.contractIds.map((contractId, index) => (
              <Link
                key={contractId}
                to={hrefOf(contractId)}
                aria-label={t('contractsPage.coverage.contractOf', { policy: policy.policyName, number: index + 1 })}
              >
                {t('contractsPage.auth.contract', { number: index + 1 })}
              </Link>
            ))}
            {policy.contractIds.length === 0 ? (
              <span className={shared.hint}>{t('contractsPage.coverage.unsigned')}</span>
            ) : null}
          </div>
          <div className={styles.versions}>
            {coverage.versions.map((version) => {
              const now = policy.usedBy.has(version);
              const key = changeKey({ resourceId, policyId: policy.policyId, version });
              const checked = changes.get(key)?.use ?? now;
              return (
                <Checkbox
                  key={version}
                  checked={checked}
                  // A disabled policy can be taken out, never applied again.
                  disabled={disabled || (!policy.enabled && !checked)}
                  aria-label={t('contractsPage.coverage.versionUses', {
                    version,
                    policy: policy.policyName,
                    name: resourceName,
                  })}
                  onChange={(event) =>
                    onToggle({ resourceId, policyId: policy.policyId, version, use: event.target.checked }, now)
                  }
                >
                  {version}
                  {changes.has(key) ? (
                    <span className={styles.changed}>{t('contractsPage.coverage.changed')}</span>
                  ) : null}
                </Checkbox>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
