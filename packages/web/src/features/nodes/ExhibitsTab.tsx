import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Input, Table } from 'antd';
import type { BatchItemResultWire } from '@tessera/contract/exhibits';
import { LEVEL1_RESOURCE_TYPES, routes, isNodeFrozen } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import {
  EXHIBITS_PAGE_SIZE,
  exhibitPageQuery,
  nodeKeys,
  setExhibitsOnline,
  type Exhibit,
  type ExhibitFilters,
  type Node,
} from './nodes-api';
import styles from './nodes.module.css';

const NO_FILTERS: ExhibitFilters = { keywords: '', resourceType: '', onlineStatus: 2 };
const EXHIBIT_TYPES = LEVEL1_RESOURCE_TYPES.filter((type) => type.code !== 'theme');

interface BatchOutcome {
  onlineStatus: 0 | 1;
  items: (BatchItemResultWire & { name: string })[];
}

/** The node's exhibits (themes apart): search, filters, and putting many online or offline at once. */
export function ExhibitsTab({ node }: { node: Node }) {
  const t = useT();
  const [language] = useLanguage();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const typeId = useId();
  const statusId = useId();
  const [filters, setFilters] = useState<ExhibitFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const list = useQuery(exhibitPageQuery(api, node.nodeId, filters, page));
  const rows = list.data?.dataList ?? [];
  const total = list.data?.totalItem ?? 0;
  const filtered = filters.keywords !== '' || filters.resourceType !== '' || filters.onlineStatus !== 2;
  const [searchText, setSearchText] = useState('');

  const change = (patch: Partial<ExhibitFilters>) => {
    if (patch.keywords !== undefined) setSearchText(patch.keywords);
    setFilters({ ...filters, ...patch });
    setPage(1);
    setSelected([]);
  };

  const batch = useMutation({
    mutationFn: async (onlineStatus: 0 | 1) => {
      const names = new Map(rows.map((row) => [row.presentableId, row.presentableTitle || row.presentableName]));
      const items = await setExhibitsOnline(api, selected, onlineStatus);
      return { onlineStatus, items: items.map((item) => ({ ...item, name: names.get(item.id) ?? item.id })) };
    },
    onSuccess: (result) => {
      setOutcome(result);
      setSelected(result.items.filter((item) => !item.success).map((item) => item.id));
      void queryClient.invalidateQueries({ queryKey: nodeKeys.exhibits(node.nodeId) });
    },
  });

  return (
    <div className={styles.tab} data-testid="node-exhibits">
      <div className={styles.filters} role="search">
        <Input.Search
          allowClear
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          aria-label={t('nodesPage.exhibits.search')}
          placeholder={t('nodesPage.exhibits.search')}
          onSearch={(keywords) => change({ keywords: keywords.trim() })}
          className={styles.search}
        />
        <label htmlFor={typeId} className={styles.filterLabel}>
          {t('nodesPage.exhibits.type')}
          <select
            id={typeId}
            value={filters.resourceType}
            onChange={(event) => change({ resourceType: event.target.value })}
          >
            <option value="">{t('nodesPage.exhibits.anyType')}</option>
            {EXHIBIT_TYPES.map((type) => (
              <option key={type.code} value={type.code}>
                {type.names[language]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={statusId} className={styles.filterLabel}>
          {t('nodesPage.exhibits.status')}
          <select
            id={statusId}
            value={filters.onlineStatus}
            onChange={(event) => change({ onlineStatus: Number(event.target.value) as 0 | 1 | 2 })}
          >
            <option value={2}>{t('nodesPage.exhibits.anyStatus')}</option>
            <option value={1}>{t('nodesPage.exhibits.online')}</option>
            <option value={0}>{t('nodesPage.exhibits.offline')}</option>
          </select>
        </label>
      </div>

      <div className={styles.bulkBar} role="group" aria-label={t('nodesPage.exhibits.bulk')}>
        <span aria-live="polite">{t('nodesPage.exhibits.selected', { count: selected.length })}</span>
        <Button
          disabled={selected.length === 0 || isNodeFrozen(node.status)}
          loading={batch.isPending && batch.variables === 1}
          onClick={() => batch.mutate(1)}
        >
          {t('nodesPage.exhibits.putOnline')}
        </Button>
        <Button
          disabled={selected.length === 0}
          loading={batch.isPending && batch.variables === 0}
          onClick={() => batch.mutate(0)}
        >
          {t('nodesPage.exhibits.putOffline')}
        </Button>
      </div>
      {batch.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(batch.error)}
        </p>
      ) : null}
      {outcome ? <BatchResult outcome={outcome} onClose={() => setOutcome(null)} /> : null}

      {list.isError && !list.isFetching ? (
        <StatusPanel
          tone="error"
          title={t('nodesPage.exhibits.error')}
          description={errorMessage(list.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          testId="exhibits-error"
        />
      ) : !list.data ? (
        <StatusPanel tone="loading" title={t('nodesPage.exhibits.loading')} testId="exhibits-loading" />
      ) : total === 0 ? (
        <StatusPanel
          tone="empty"
          title={t(filtered ? 'nodesPage.exhibits.noMatch' : 'nodesPage.exhibits.empty')}
          description={filtered ? undefined : t('nodesPage.exhibits.emptyHint')}
          actions={
            filtered ? (
              <Button onClick={() => change(NO_FILTERS)}>{t('nodesPage.exhibits.clearFilters')}</Button>
            ) : (
              <ButtonLink to={routes.market()}>{t('nodesPage.exhibits.toMarket')}</ButtonLink>
            )
          }
          testId="exhibits-empty"
        />
      ) : (
        <Table<Exhibit>
          rowKey="presentableId"
          dataSource={rows}
          loading={list.isFetching}
          aria-label={t('nodesPage.tab.exhibit')}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (row) => ({
              'aria-label': t('nodesPage.exhibits.select', { name: row.presentableTitle || row.presentableName }),
            }),
          }}
          pagination={
            total > EXHIBITS_PAGE_SIZE
              ? { current: page, pageSize: EXHIBITS_PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }
              : false
          }
          columns={[
            {
              key: 'name',
              title: t('nodesPage.exhibits.column.name'),
              render: (_, row) => (
                <div className={styles.exhibitName}>
                  <Link to={routes.nodeExhibitFormal(row.presentableId)}>
                    {row.presentableTitle || row.presentableName}
                  </Link>
                  <span className={styles.hint}>{row.resourceInfo.resourceName}</span>
                </div>
              ),
            },
            {
              key: 'type',
              title: t('nodesPage.exhibits.column.type'),
              render: (_, row) => row.resourceInfo.resourceType.join(' / '),
            },
            {
              key: 'version',
              title: t('nodesPage.exhibits.column.version'),
              render: (_, row) => (
                <span>
                  {row.version || '—'}
                  {row.isShowVersionUpdateTip ? (
                    <span className={styles.updateTip}>
                      {t('nodesPage.exhibits.update', { version: row.latestVersion ?? '' })}
                    </span>
                  ) : null}
                </span>
              ),
            },
            {
              key: 'status',
              title: t('nodesPage.exhibits.column.status'),
              render: (_, row) => (
                <span
                  className={row.onlineStatus === 1 ? styles.online : styles.offline}
                  data-testid="exhibit-status"
                  data-online={row.onlineStatus}
                >
                  {t(row.onlineStatus === 1 ? 'nodesPage.exhibits.online' : 'nodesPage.exhibits.offline')}
                </span>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}

/** What each exhibit of a batch became: online/offline, or why not. */
function BatchResult({ outcome, onClose }: { outcome: BatchOutcome; onClose: () => void }) {
  const t = useT();
  const failed = outcome.items.filter((item) => !item.success).length;
  const verb = outcome.onlineStatus === 1 ? 'online' : 'offline';
  return (
    <section className={styles.batchResult} role="status" aria-live="polite" data-testid="batch-online-result">
      <p className={styles.batchSummary}>
        {t(`nodesPage.exhibits.result.${verb}`, { done: outcome.items.length - failed, failed })}
      </p>
      <ul>
        {outcome.items.map((item) => (
          <li key={item.id} data-testid="batch-online-item" data-success={item.success}>
            <span className={item.success ? styles.online : styles.offline}>
              {item.success ? t('nodesPage.exhibits.result.done') : t('nodesPage.exhibits.result.failed')}
            </span>{' '}
            {item.name}
            {item.success ? null : <span className={styles.reasonText}>: {item.msg}</span>}
          </li>
        ))}
      </ul>
      <Button size="small" onClick={onClose}>
        {t('nodesPage.exhibits.result.close')}
      </Button>
    </section>
  );
}
