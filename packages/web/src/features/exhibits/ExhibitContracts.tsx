import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { ContractTable } from '../contracts';
import { nodeContractsQuery, type Exhibit } from './exhibits-api';

/** The node's contracts for what this exhibit resolves; a contract's name opens its drawer (sign, pay). */
export function ExhibitContracts({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const contracts = useQuery(nodeContractsQuery(api, exhibit));

  if (contracts.isPending) {
    return (
      <p role="status" data-testid="exhibit-contracts-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (contracts.isError) {
    return (
      <Alert
        type="error"
        role="alert"
        title={t('exhibitsWeb.contracts.error')}
        description={errorMessage(contracts.error)}
        action={<Button onClick={() => void contracts.refetch()}>{t('common.retry')}</Button>}
        data-testid="exhibit-contracts-error"
      />
    );
  }
  if (contracts.data.length === 0) {
    return <StatusPanel tone="empty" title={t('exhibitsWeb.contracts.none')} testId="exhibit-contracts-empty" />;
  }
  return (
    <ContractTable
      contracts={contracts.data}
      columns={['contract', 'subject', 'licensor', 'state', 'signed']}
      label={t('exhibitsWeb.contracts.heading')}
      pagination={false}
    />
  );
}
