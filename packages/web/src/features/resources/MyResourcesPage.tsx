import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Select, Table, Tag } from 'antd';
import { formatDisplayDate, ResourceStatus, routes, SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { batchAuthQuery } from '../contracts';
import { ResourceCover } from './ResourceCard';
import { statusColor, statusKey, typePathLabel } from './resource-labels';

import {
  deleteUnreleasedResource,
  resourceKeys,
  searchResources,
  updateResourceStatuses,
  type Resource,
  type ResourceSearch,
} from './resources-api';
import { nameIn, useCatalogue } from './use-catalogue';
import styles from './MyResourcesPage.module.css';

const LIST_SIZE = 20;
const STATUS_FILTERS: readonly ResourceStatus[] = [
  ResourceStatus.Online,
  ResourceStatus.Offline,
  ResourceStatus.Unreleased,
  ResourceStatus.Frozen,
];

type BulkAction = { status: 1 | 4; ids: string[] };
type MyResourcesFilters = { keywords: string; resourceTypeCode: string; status: string; page: number };

/** GET /v2/resources parameters of one page of the caller's own resources, in any state. */
function myResourcesRequest(filters: MyResourcesFilters): ResourceSearch {
  return {
    isSelf: '1',
    skip: (filters.page - 1) * LIST_SIZE,
    limit: LIST_SIZE,
    keywords: filters.keywords || undefined,
    resourceTypeCode: filters.resourceTypeCode || undefined,
    resourceTypeCategory: filters.resourceTypeCode ? 2 : undefined,
    status: STATUS_FILTERS.find((status) => String(status) === filters.status),
    sort: 'updateDate:-1',
  };
}

/** An abandoned draft: a resource never released, which its owner may delete. */
const isDeletable = (resource: Resource) => resource.status === ResourceStatus.Unreleased && !resource.latestVersion;

/**
 * /resource/list: the signed-in user's resources with type, status and keyword filters and bulk status
 * changes; a resource without a version offers to go on publishing it, or to delete it after confirmation.
 */
export function MyResourcesPage() {
  const t = useT();
  const api = useApiClient();
  const [language] = useLanguage();
  useDocumentTitle(t('resourcesPage.mine.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: MyResourcesFilters = {
    keywords: searchParams.get('keywords') ?? '',
    resourceTypeCode: searchParams.get('resourceTypeCode') ?? '',
    status: searchParams.get('status') ?? '',
    page: Math.max(1, Number(searchParams.get('page')) || 1),
  };
  const { types } = useCatalogue({ categories: false });
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const queries = useQueryClient();
  const request = myResourcesRequest(filters);
  const list = useQuery({
    queryKey: resourceKeys.search(request),
    queryFn: ({ signal }) => searchResources(api, request, signal),
  });
  const bulkChange = useMutation({
    mutationFn: ({ ids, status }: BulkAction) => updateResourceStatuses(api, ids, status),
    onSuccess: () => {
      setBulk(null);
      setSelected([]);
      return queries.invalidateQueries({ queryKey: resourceKeys.all });
    },
  });

  const removal = useMutation({
    mutationFn: (resource: Resource) => deleteUnreleasedResource(api, resource.resourceId),
    onSuccess: (_, resource) => {
      setDeleting(null);
      setSelected((ids) => ids.filter((id) => id !== resource.resourceId));
      return queries.invalidateQueries({ queryKey: resourceKeys.all });
    },
  });
  const openDeletion = (resource: Resource) => {
    removal.reset();
    setDeleting(resource);
  };

  const change = (patch: Partial<Record<'keywords' | 'resourceTypeCode' | 'status' | 'page', string>>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries({ page: '', ...patch })) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSelected([]);
    setSearchParams(next);
  };

  const runBulk = () => {
    if (bulk) bulkChange.mutate(bulk);
  };

  const openBulk = (status: 1 | 4) => {
    bulkChange.reset();
    setBulk({ status, ids: selected });
  };

  const resources = list.data?.dataList ?? [];
  // One auth call for the page: each released resource at its latest version.
  const upstream = useQuery({
    ...batchAuthQuery(
      api,
      resources.flatMap(({ resourceId, latestVersion }) =>
        latestVersion ? [{ resourceId, version: latestVersion }] : [],
      ),
    ),
    retry: false,
  });
  const total = list.data?.totalItem ?? 0;
  const noFilters = !filters.keywords && !filters.resourceTypeCode && !filters.status;

  return (
    <PageContainer>
      <div className={styles.top}>
        <PageHeading title={t('resourcesPage.mine.title')} lead={t('resourcesPage.mine.lead')} />
        <ButtonLink to={routes.resourceCreator()}>{t('resourcesPage.mine.create')}</ButtonLink>
      </div>
      <div className={styles.filters}>
        <Select
          aria-label={t('resourcesPage.filter.type')}
          value={filters.resourceTypeCode}
          onChange={(value: string) => change({ resourceTypeCode: value })}
          options={[
            { value: '', label: t('resourcesPage.filter.allTypes') },
            ...types.map((type) => ({ value: type.code, label: nameIn(type, language) })),
          ]}
          className={styles.select}
        />
        <Select
          aria-label={t('resourcesPage.filter.status')}
          value={filters.status}
          onChange={(value: string) => change({ status: value })}
          options={[
            { value: '', label: t('resourcesPage.filter.allStatuses') },
            ...STATUS_FILTERS.map((status) => ({ value: String(status), label: t(statusKey(status)) })),
          ]}
          className={styles.select}
        />
        <Input.Search
          key={filters.keywords}
          defaultValue={filters.keywords}
          maxLength={SEARCH_KEYWORDS_MAX_LENGTH}
          aria-label={t('resourcesPage.mine.searchLabel')}
          placeholder={t('resourcesPage.mine.searchPlaceholder')}
          allowClear
          onSearch={(value) => change({ keywords: value.trim() })}
          className={styles.search}
        />
      </div>
      <div className={styles.bulkBar} role="toolbar" aria-label={t('resourcesPage.mine.bulk')}>
        <span>{t('resourcesPage.mine.selected', { count: selected.length })}</span>
        <Button disabled={selected.length === 0} onClick={() => openBulk(1)}>
          {t('resourcesPage.mine.bulkOnline')}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => openBulk(4)}>
          {t('resourcesPage.mine.bulkOffline')}
        </Button>
      </div>
      {list.isError && !list.isFetching ? (
        <StatusPanel
          tone="error"
          title={t('resourcesPage.list.error')}
          description={errorMessage(list.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          testId="mine-error"
        />
      ) : list.data && total === 0 ? (
        <StatusPanel
          tone="empty"
          title={t(noFilters ? 'resourcesPage.mine.empty' : 'resourcesPage.mine.noMatch')}
          actions={
            noFilters ? (
              <ButtonLink to={routes.resourceCreator()}>{t('resourcesPage.mine.create')}</ButtonLink>
            ) : undefined
          }
          testId="mine-empty"
        />
      ) : (
        <Table<Resource>
          rowKey="resourceId"
          loading={list.isFetching}
          dataSource={resources}
          scroll={{ x: 720 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          pagination={{
            current: filters.page,
            pageSize: LIST_SIZE,
            total,
            showSizeChanger: false,
            onChange: (page) => change({ page: page > 1 ? String(page) : '' }),
          }}
          columns={[
            {
              key: 'resource',
              title: t('resourcesPage.mine.column.resource'),
              render: (_, resource) => (
                <div className={styles.resourceCell}>
                  <ResourceCover src={resource.coverImages[0]} className={styles.thumb} />
                  <div className={styles.resourceText}>
                    <Link to={routes.resourceDetails(resource.resourceId)}>
                      {resource.resourceTitle || resource.resourceName}
                    </Link>
                    <span>{resource.resourceName}</span>
                  </div>
                </div>
              ),
            },
            {
              key: 'type',
              title: t('resourcesPage.mine.column.type'),
              render: (_, resource) => typePathLabel(resource.resourceType, resource.resourceTypeCode, language),
            },
            {
              key: 'version',
              title: t('resourcesPage.mine.column.version'),
              render: (_, resource) => (
                <>
                  {resource.latestVersion || '—'}
                  {upstream.data?.get(resource.resourceId) === false ? (
                    <Tag
                      color="warning"
                      icon={<span aria-hidden="true">⚠ </span>}
                      className={styles.authBadge}
                      title={t('contractsPage.auth.badgeOf', {
                        name: resource.resourceName,
                        version: resource.latestVersion,
                      })}
                      data-testid="upstream-unauthorised"
                    >
                      {t('contractsPage.auth.badge')}
                    </Tag>
                  ) : null}
                </>
              ),
            },
            {
              key: 'status',
              title: t('resourcesPage.mine.column.status'),
              render: (_, resource) => <Tag color={statusColor(resource.status)}>{t(statusKey(resource.status))}</Tag>,
            },
            {
              key: 'updated',
              title: t('resourcesPage.mine.column.updated'),
              render: (_, resource) => formatDisplayDate(resource.updateDate),
            },
            {
              key: 'actions',
              title: t('resourcesPage.mine.column.actions'),
              render: (_, resource) => (
                <span className={styles.rowActions}>
                  <Link to={routes.resourceSidebar.info(resource.resourceId)}>{t('resourcesPage.mine.edit')}</Link>
                  {isDeletable(resource) ? (
                    <>
                      <Link to={routes.resourceCreator({ resourceId: resource.resourceId })}>
                        {t('resourcesPage.mine.continue')}
                      </Link>
                      <Button
                        type="link"
                        danger
                        size="small"
                        className={styles.linkButton}
                        onClick={() => openDeletion(resource)}
                      >
                        {t('resourcesPage.mine.delete')}
                      </Button>
                    </>
                  ) : null}
                  {resource.status === ResourceStatus.Frozen ? (
                    <Link to={routes.result.resourceFreeze(resource.resourceId)}>
                      {t('resourceEditor.mine.whyFrozen')}
                    </Link>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={bulk !== null}
        title={
          bulk
            ? t(bulk.status === 1 ? 'resourcesPage.mine.confirmOnline' : 'resourcesPage.mine.confirmOffline', {
                count: bulk.ids.length,
              })
            : ''
        }
        okText={t('resourcesPage.mine.confirm')}
        cancelText={t('resourcesPage.mine.cancel')}
        confirmLoading={bulkChange.isPending}
        onOk={runBulk}
        onCancel={() => setBulk(null)}
        destroyOnHidden
      >
        <p>{t(bulk?.status === 1 ? 'resourcesPage.mine.onlineHint' : 'resourcesPage.mine.offlineHint')}</p>
        {bulkChange.isError ? <Alert type="error" showIcon title={errorMessage(bulkChange.error)} /> : null}
      </Modal>
      <Modal
        open={deleting !== null}
        title={deleting ? t('resourcesPage.mine.confirmDelete', { name: deleting.resourceName }) : ''}
        okText={t('resourcesPage.mine.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('resourcesPage.mine.cancel')}
        confirmLoading={removal.isPending}
        onOk={() => deleting && removal.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        destroyOnHidden
      >
        <p>{t('resourcesPage.mine.deleteHint')}</p>
        {removal.isError ? <Alert type="error" showIcon title={errorMessage(removal.error)} /> : null}
      </Modal>
    </PageContainer>
  );
}
