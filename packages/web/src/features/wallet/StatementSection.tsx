import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { formatCoins, toCents } from './money';
import { RecordDialog } from './RecordDialog';
import {
  counterpartName,
  lineSubject,
  platformTime,
  TRANSACTION_TYPES,
  transactionTypeLabel,
} from './transaction-labels';
import { STATEMENT_PAGE_SIZE, statementQuery, type StatementLine, type StatementSearch } from './wallet-api';
import { WalletSection } from './WalletSection';
import styles from './Statement.module.css';

interface FilterValues {
  startDate: string;
  endDate: string;
  minAmount: string;
  maxAmount: string;
  transactionType: number | 0;
  keywords: string;
}

const NO_FILTER: FilterValues = {
  startDate: '',
  endDate: '',
  minAmount: '',
  maxAmount: '',
  transactionType: 0,
  keywords: '',
};

/** The filters as the statement call asks them; empty ones are left out. Dates are platform days. */
function searchOf(values: FilterValues): StatementSearch {
  const search: StatementSearch = {};
  if (values.startDate) search.startCreatedDate = values.startDate;
  if (values.endDate) search.endCreatedDate = values.endDate;
  if (values.minAmount.trim()) search.amountStartPoint = values.minAmount.trim();
  if (values.maxAmount.trim()) search.amountEndPoint = values.maxAmount.trim();
  if (values.transactionType) search.transactionType = values.transactionType;
  if (values.keywords.trim()) search.keywords = values.keywords.trim();
  return search;
}

/** The account's statement: filters by date, signed amount, type and words, a page at a time, each line's record. */
export function StatementSection({ accountId }: { accountId: string }) {
  const t = useT();
  const api = useApiClient();
  const [form] = Form.useForm<FilterValues>();
  const [search, setSearch] = useState<StatementSearch>({});
  const [page, setPage] = useState(1);
  const [openRecord, setOpenRecord] = useState<StatementLine | null>(null);
  const statement = useQuery(statementQuery(api, accountId, search, page));
  const filtered = Object.keys(search).length > 0;

  const amountRule = {
    validator: (_rule: unknown, value: unknown) =>
      !value || toCents(String(value)) !== null
        ? Promise.resolve()
        : Promise.reject(new Error(t('walletPage.statement.invalidAmount'))),
  };

  const columns: TableColumnsType<StatementLine> = [
    { key: 'date', title: t('walletPage.statement.date'), render: (_, line) => platformTime(line.createDate) },
    {
      key: 'subject',
      title: t('walletPage.statement.subject'),
      render: (_, line) => (
        <>
          <span className={styles.subject}>{lineSubject(line)}</span>
          <span className={styles.counterpart}>{counterpartName(t, line)}</span>
        </>
      ),
    },
    {
      key: 'type',
      title: t('walletPage.statement.type'),
      render: (_, line) => transactionTypeLabel(t, line.transactionType),
    },
    {
      key: 'amount',
      title: t('walletPage.statement.amount'),
      align: 'right',
      render: (_, line) => {
        const income = (toCents(line.transactionAmount) ?? 0) > 0;
        return (
          <span className={income ? styles.income : styles.spending} data-testid="statement-amount">
            {income ? '+' : ''}
            {formatCoins(line.transactionAmount)}
          </span>
        );
      },
    },
    {
      key: 'after',
      title: t('walletPage.statement.balanceAfter'),
      align: 'right',
      render: (_, line) => formatCoins(line.afterBalance),
    },
    {
      key: 'details',
      title: <span className="visually-hidden">{t('walletPage.statement.details')}</span>,
      render: (_, line) => (
        <Button
          type="link"
          onClick={() => setOpenRecord(line)}
          aria-label={t('walletPage.statement.detailsOf', { date: platformTime(line.createDate) })}
        >
          {t('walletPage.statement.details')}
        </Button>
      ),
    },
  ];

  return (
    <WalletSection title={t('walletPage.statement.title')} testId="wallet-statement">
      <Form<FilterValues>
        form={form}
        name="statement-filters"
        layout="vertical"
        initialValues={NO_FILTER}
        onFinish={(values) => {
          setSearch(searchOf(values));
          setPage(1);
        }}
        className={styles.filters}
        role="search"
        aria-label={t('walletPage.statement.filters')}
      >
        <Form.Item name="startDate" label={t('walletPage.statement.from')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="endDate" label={t('walletPage.statement.to')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="minAmount" label={t('walletPage.statement.minAmount')} rules={[amountRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="maxAmount" label={t('walletPage.statement.maxAmount')} rules={[amountRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="transactionType" label={t('walletPage.statement.type')}>
          <Select
            options={[
              { value: 0, label: t('walletPage.statement.anyType') },
              ...TRANSACTION_TYPES.map((type) => ({ value: type, label: transactionTypeLabel(t, type) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="keywords" label={t('walletPage.statement.keywords')}>
          <Input maxLength={100} />
        </Form.Item>
        <div className={styles.filterActions}>
          <Button type="primary" htmlType="submit">
            {t('walletPage.statement.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setSearch({});
              setPage(1);
            }}
          >
            {t('walletPage.statement.reset')}
          </Button>
        </div>
      </Form>
      {statement.data ? (
        statement.data.totalItem === 0 ? (
          <StatusPanel
            tone="empty"
            title={filtered ? t('walletPage.statement.noMatch') : t('walletPage.statement.empty')}
            testId="statement-empty"
          />
        ) : (
          <Table<StatementLine>
            rowKey="serialNo"
            columns={columns}
            dataSource={statement.data.dataList}
            loading={statement.isFetching}
            size="middle"
            scroll={{ x: 'max-content' }}
            onRow={() => ({ 'data-testid': 'statement-line' }) as object}
            pagination={{
              current: page,
              pageSize: STATEMENT_PAGE_SIZE,
              total: statement.data.totalItem,
              showSizeChanger: false,
              onChange: setPage,
              showTotal: (total) => t('walletPage.statement.total', { total }),
            }}
          />
        )
      ) : statement.isError ? (
        <StatusPanel
          tone="error"
          title={t('walletPage.statement.error')}
          description={errorMessage(statement.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void statement.refetch()}>{t('common.retry')}</Button>}
          testId="statement-error"
        />
      ) : (
        <StatusPanel tone="loading" title={t('walletPage.statement.loading')} testId="statement-loading" />
      )}
      {openRecord ? <RecordDialog line={openRecord} onClose={() => setOpenRecord(null)} /> : null}
    </WalletSection>
  );
}
