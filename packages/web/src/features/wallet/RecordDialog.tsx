import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { formatCoins } from './money';
import { counterpartName, lineSubject, platformTime, transactionTypeLabel } from './transaction-labels';
import { recordQuery, type StatementLine } from './wallet-api';
import styles from './Statement.module.css';

/** One statement line's transaction record: parties, amount, what it paid for, balances, serial and ids. */
export function RecordDialog({ line, onClose }: { line: StatementLine; onClose: () => void }) {
  const t = useT();
  const api = useApiClient();
  const record = useQuery(recordQuery(api, line.transactionRecordId));
  const shown = record.data ?? line;
  const contractName = shown.attachInfo.contractName;

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('walletPage.record.title')}
      footer={<Button onClick={onClose}>{t('walletPage.pay.close')}</Button>}
      closable={{ 'aria-label': t('walletPage.pay.close') }}
    >
      <dl className={styles.facts} data-testid="record-details">
        <dt>{t('walletPage.statement.date')}</dt>
        <dd>{platformTime(shown.createDate)}</dd>
        <dt>{t('walletPage.statement.type')}</dt>
        <dd>{transactionTypeLabel(t, shown.transactionType)}</dd>
        <dt>{t('walletPage.statement.amount')}</dt>
        <dd>{formatCoins(shown.transactionAmount)}</dd>
        <dt>{t('walletPage.record.counterpart')}</dt>
        <dd>{counterpartName(t, shown)}</dd>
        <dt>{t('walletPage.statement.subject')}</dt>
        <dd>{lineSubject(shown)}</dd>
        {typeof contractName === 'string' && contractName ? (
          <>
            <dt>{t('walletPage.pay.contract')}</dt>
            <dd>{contractName}</dd>
          </>
        ) : null}
        {shown.remark ? (
          <>
            <dt>{t('walletPage.record.remark')}</dt>
            <dd>{shown.remark}</dd>
          </>
        ) : null}
        <dt>{t('walletPage.record.balances')}</dt>
        <dd>
          {formatCoins(line.beforeBalance)} → {formatCoins(line.afterBalance)}
        </dd>
        <dt>{t('walletPage.record.serial')}</dt>
        <dd>{line.serialNo}</dd>
        <dt>{t('walletPage.pay.record')}</dt>
        <dd>{line.transactionRecordId}</dd>
        {record.data ? (
          <>
            <dt>{t('walletPage.record.authorization')}</dt>
            <dd>
              {record.data.authorizationType === 'password'
                ? t('walletPage.record.byPassword')
                : t('walletPage.record.bySystem')}
            </dd>
          </>
        ) : null}
      </dl>
      {record.isError ? (
        <p role="alert" className={styles.spending}>
          {errorMessage(record.error) || t('common.error.tryLater')}
        </p>
      ) : null}
    </Modal>
  );
}
