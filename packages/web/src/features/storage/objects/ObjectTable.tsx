import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import type { ObjectSortField, ObjectWire } from '@tessera/contract/storage';
import { formatDisplayDate, routes, type Page } from '@tessera/domain';
import { useLanguage, useT } from '../../../shared/i18n';
import { objectSize, objectTypeText } from '../object-facts';
import { DEFAULT_OBJECT_VIEW, type ObjectListView } from './use-objects';
import styles from './ObjectTable.module.css';

export interface ObjectTableProps {
  bucketName: string;
  result: Page<ObjectWire> | null;
  loading: boolean;
  view: ObjectListView;
  onViewChange: (view: ObjectListView) => void;
  selected: string[];
  onSelect: (objectIds: string[]) => void;
  onOpen: (objectId: string) => void;
}

const SORTABLE: Record<string, ObjectSortField> = { name: 'objectName', size: 'fileSize', updated: 'updateDate' };

/** Clicks on these inside a row do their own thing rather than opening the object. */
const OWN_CLICK = 'a, button, input, label, .ant-checkbox-wrapper';

/** A page of objects: sorted and paged by the server, several can be selected. */
export function ObjectTable({
  bucketName,
  result,
  loading,
  view,
  onViewChange,
  selected,
  onSelect,
  onOpen,
}: ObjectTableProps) {
  const t = useT();
  const [language] = useLanguage();
  const sortOrderOf = (key: string): AntSortOrder =>
    SORTABLE[key] === view.sort.field ? (view.sort.order === 1 ? 'ascend' : 'descend') : null;

  const columns: TableColumnsType<ObjectWire> = [
    {
      key: 'name',
      title: t('storagePage.objects.name'),
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_value, object) => (
        <div className={styles.nameCell}>
          <Link
            to={routes.storageObjectDetails({ bucketName, objectID: object.objectId })}
            className={styles.name}
            title={object.objectName}
          >
            {object.objectName}
          </Link>
          {object.systemProperty.mime ? <span className={styles.mime}>{object.systemProperty.mime}</span> : null}
        </div>
      ),
    },
    {
      key: 'type',
      title: t('storagePage.objects.type'),
      width: 150,
      responsive: ['md'],
      render: (_value, object) => {
        const type = objectTypeText(object, language);
        return type ? (
          <span className={styles.type}>{type}</span>
        ) : (
          <span className={styles.none}>{t('storagePage.objects.noType')}</span>
        );
      },
    },
    {
      key: 'size',
      title: t('storagePage.objects.size'),
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('size'),
      render: (_value, object) => <span className={styles.number}>{objectSize(object)}</span>,
    },
    {
      key: 'updated',
      title: t('storagePage.objects.updated'),
      width: 170,
      responsive: ['sm'],
      sorter: true,
      sortOrder: sortOrderOf('updated'),
      render: (_value, object) => <span className={styles.number}>{formatDisplayDate(object.updateDate, true)}</span>,
    },
  ];

  const onChange: TableProps<ObjectWire>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? SORTABLE[String(single.columnKey)] : undefined;
    const sort = field
      ? { field, order: single?.order === 'ascend' ? (1 as const) : (-1 as const) }
      : DEFAULT_OBJECT_VIEW.sort;
    const sortChanged = sort.field !== view.sort.field || sort.order !== view.sort.order;
    onViewChange({
      ...view,
      sort: sortChanged ? sort : view.sort,
      page: sortChanged ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? view.pageSize,
    });
  };

  return (
    <Table<ObjectWire>
      className={styles.table}
      rowKey="objectId"
      columns={columns}
      dataSource={result?.dataList ?? []}
      loading={loading}
      onChange={onChange}
      sortDirections={['ascend', 'descend']}
      showSorterTooltip={false}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (object) => ({ 'aria-label': t('storagePage.objects.select', { name: object.objectName }) }),
        columnTitle: undefined,
      }}
      onRow={(object) => ({
        className: styles.row,
        onClick: (event: MouseEvent) => {
          if (!(event.target as HTMLElement).closest(OWN_CLICK)) onOpen(object.objectId);
        },
      })}
      pagination={{
        current: view.page,
        pageSize: view.pageSize,
        total: result?.totalItem ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (total) => t('storagePage.objects.total', { count: total }),
      }}
      locale={{
        emptyText: view.keywords
          ? t('storagePage.objects.noMatch', { keywords: view.keywords })
          : t('storagePage.objects.empty'),
      }}
      size="middle"
    />
  );
}
