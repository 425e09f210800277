import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Tabs } from 'antd';
import { ContractDisplayGroup } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { FilterChips } from '../resources';
import { CONTRACT_ID_PARAM } from './contract-address';
import { contractPageQuery, type ContractSearch } from './contracts-api';
import { ContractTable } from './ContractTable';
import { AddressContractDrawer } from './AddressContractDrawer';
import styles from './contracts.module.css';

const PAGE_SIZE = 20;
const SIDES = ['licensee', 'licensor'] as const;
type Side = (typeof SIDES)[number];
/** GET /v2/contracts identityType: the caller as licensor (1) or as licensee (2). */
const IDENTITY_TYPE: Record<Side, 1 | 2> = { licensor: 1, licensee: 2 };
const GROUPS = [
  { value: ContractDisplayGroup.Pending, key: 'pending' },
  { value: ContractDisplayGroup.Authorized, key: 'authorized' },
  { value: ContractDisplayGroup.Stopped, key: 'stopped' },
] as const;

type Filters = { side: Side; status: string; keywords: string; page: number };

function filtersOf(params: URLSearchParams): Filters {
  const side = params.get('identity');
  const status = params.get('status') ?? '';
  return {
    side: side === 'licensor' ? 'licensor' : 'licensee',
    status: GROUPS.some((group) => String(group.value) === status) ? status : '',
    keywords: params.get('keywords') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function searchOf(filters: Filters): ContractSearch {
  return {
    identityType: IDENTITY_TYPE[filters.side],
    skip: (filters.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    displayStatus: filters.status || undefined,
    keywords: filters.keywords || undefined,
    order: 'desc',
  };
}

/**
 * /logged/contract: the signed-in user's contracts as licensee and as licensor, filtered by the SPEC §3.5
 * grouping (pending, authorized, stopped) and by words, a page at a time. Everything lives in the
 * address (`identity`, `status`, `keywords`, `page`, and `contractId` for the open drawer).
 */
export function ContractsPage() {
  const t = useT();
  const api = useApiClient();
  useDocumentTitle(t('contractsPage.title'));
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useQuery(contractPageQuery(api, searchOf(filters)));

  const change = (patch: Partial<Record<'identity' | 'status' | 'keywords' | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ page: '', ...patch })) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete(CONTRACT_ID_PARAM);
    setParams(next);
  };

  const unfiltered = !filters.status && !filters.keywords;
  const total = list.data?.totalItem ?? 0;
  const sideLabel = t(`contractsPage.tab.${filters.side}`);
  let content;
  if (list.isError && !list.isFetching) {
    content = (
      <StatusPanel
        tone="error"
        title={t('contractsPage.error')}
        description={errorMessage(list.error) || t('common.error.tryLater')}
        actions={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        testId="contracts-error"
      />
    );
  } else if (!list.data) {
    content = <StatusPanel tone="loading" title={t('contractsPage.loading')} testId="contracts-loading" />;
  } else if (total === 0 && !list.isPlaceholderData) {
    content = (
      <StatusPanel
        tone="empty"
        title={t(unfiltered ? `contractsPage.empty.${filters.side}` : 'contractsPage.noMatch')}
        description={t(unfiltered ? `contractsPage.empty.${filters.side}Hint` : 'contractsPage.noMatchHint')}
        testId="contracts-empty"
      />
    );
  } else {
    content = (
      <ContractTable
        contracts={list.data.dataList}
        label={sideLabel}
        columns={['contract', 'subject', filters.side === 'licensee' ? 'licensor' : 'licensee', 'state', 'signed']}
        loading={list.isFetching}
        pagination={{
          current: filters.page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (count) => t('contractsPage.count', { count }),
          onChange: (page) => change({ page: page > 1 ? String(page) : '' }),
        }}
      />
    );
  }

  return (
    <PageContainer>
      <PageHeading title={t('contractsPage.title')} lead={t('contractsPage.lead')} />
      <Tabs
        activeKey={filters.side}
        onChange={(key) => change({ identity: key === 'licensor' ? key : '' })}
        items={SIDES.map((side) => ({
          key: side,
          label: t(`contractsPage.tab.${side}`),
          children:
            side === filters.side ? (
              <>
                <div className={styles.filters}>
                  <FilterChips
                    label={t('contractsPage.filter.label')}
                    allLabel={t('contractsPage.filter.all')}
                    value={filters.status}
                    options={GROUPS.map((group) => ({
                      value: String(group.value),
                      label: t(`contractsPage.filter.${group.key}`),
                    }))}
                    onChange={(status) => change({ status })}
                  />
                  <Input.Search
                    key={filters.keywords}
                    defaultValue={filters.keywords}
                    aria-label={t('contractsPage.search.label')}
                    placeholder={t('contractsPage.search.placeholder')}
                    allowClear
                    onSearch={(value) => change({ keywords: value.trim() })}
                    className={styles.search}
                  />
                </div>
                {content}
              </>
            ) : null,
        }))}
      />
      <AddressContractDrawer />
    </PageContainer>
  );
}
