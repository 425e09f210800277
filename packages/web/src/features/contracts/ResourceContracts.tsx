import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { contractPageQuery, resolvedContractsQuery, type Contract, type ContractSearch } from './contracts-api';
import { ContractTable, type ContractColumn } from './ContractTable';
import { AddressContractDrawer } from './AddressContractDrawer';
import styles from './contracts.module.css';

const PAGE_SIZE = 10;

/**
 * The owner's editor contract part (/resource/sidebar/contract/{id}): the contracts this resource holds on
 * the resources it depends on, with the versions that use each, and the contracts others hold on it.
 */
export function ResourceContracts({ resource }: { resource: ResourceWire }) {
  const t = useT();
  const api = useApiClient();
  const { resourceId } = resource;
  const resolved = useQuery(resolvedContractsQuery(api, resourceId));
  const versionsByContract = useMemo(() => {
    const versions = new Map<string, string[]>();
    for (const dependency of resolved.data ?? []) {
      for (const { version, contracts } of dependency.versions) {
        for (const { contractId } of contracts)
          versions.set(contractId, [...(versions.get(contractId) ?? []), version]);
      }
    }
    return versions;
  }, [resolved.data]);

  return (
    <div data-testid="resource-contracts">
      <ContractSection
        side="licensee"
        title={t('contractsPage.resource.licensee')}
        hint={t('contractsPage.resource.licenseeHint')}
        search={{ identityType: 2, licenseeId: resourceId }}
        columns={['contract', 'subject', 'state', ...(resolved.isSuccess ? (['versions'] as const) : []), 'signed']}
        versionsOf={(contract) => versionsByContract.get(contract.contractId) ?? []}
      />
      <ContractSection
        side="licensor"
        title={t('contractsPage.resource.licensor')}
        hint={t('contractsPage.resource.licensorHint')}
        search={{ identityType: 1, licensorId: resourceId }}
        columns={['contract', 'licensee', 'state', 'signed']}
      />
      <AddressContractDrawer />
    </div>
  );
}

type SectionProps = {
  side: 'licensee' | 'licensor';
  title: string;
  hint: string;
  search: Pick<ContractSearch, 'identityType' | 'licenseeId' | 'licensorId'>;
  columns: ContractColumn[];
  versionsOf?: (contract: Contract) => string[];
};

function ContractSection({ side, title, hint, search, columns, versionsOf }: SectionProps) {
  const t = useT();
  const api = useApiClient();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const list = useQuery(contractPageQuery(api, { ...search, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }));
  const total = list.data?.totalItem ?? 0;

  return (
    <section aria-labelledby={headingId} className={styles.section} data-testid={`resource-contracts-${side}`}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {title}
      </h3>
      <p className={styles.hint}>{hint}</p>
      {list.isError && !list.isFetching ? (
        <StatusPanel
          tone="error"
          title={t('contractsPage.error')}
          description={errorMessage(list.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          testId={`resource-contracts-${side}-error`}
        />
      ) : !list.data ? (
        <StatusPanel tone="loading" title={t('contractsPage.loading')} testId={`resource-contracts-${side}-loading`} />
      ) : total === 0 ? (
        <p className={styles.hint} data-testid={`resource-contracts-${side}-empty`}>
          {t(`contractsPage.resource.empty.${side}`)}
        </p>
      ) : (
        <ContractTable
          contracts={list.data.dataList}
          label={title}
          columns={columns}
          versionsOf={versionsOf}
          loading={list.isFetching}
          pagination={
            total > PAGE_SIZE
              ? { current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }
              : false
          }
        />
      )}
    </section>
  );
}
