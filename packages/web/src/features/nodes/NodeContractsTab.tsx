import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { AddressContractDrawer, ContractTable, contractPageQuery } from '../contracts';
import type { Node } from './nodes-api';
import styles from './nodes.module.css';

const PAGE_SIZE = 10;
/** The node as licensee (DOMAIN §2.13: identity 2). */
const NODE_IDENTITY = 2;

/** The contracts the node holds as licensee on the resources it exhibits; a name opens the contract. */
export function NodeContractsTab({ node }: { node: Node }) {
  const t = useT();
  const api = useApiClient();
  const [page, setPage] = useState(1);
  const list = useQuery(
    contractPageQuery(api, {
      identityType: 2,
      licenseeIdentityType: NODE_IDENTITY,
      licenseeId: String(node.nodeId),
      skip: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
  );
  const total = list.data?.totalItem ?? 0;

  return (
    <div className={styles.tab} data-testid="node-contracts">
      <p className={styles.hint}>{t('nodesPage.contracts.hint')}</p>
      {list.isError && !list.isFetching ? (
        <StatusPanel
          tone="error"
          title={t('nodesPage.contracts.error')}
          description={errorMessage(list.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          testId="node-contracts-error"
        />
      ) : !list.data ? (
        <StatusPanel tone="loading" title={t('nodesPage.contracts.loading')} testId="node-contracts-loading" />
      ) : total === 0 ? (
        <StatusPanel
          tone="empty"
          title={t('nodesPage.contracts.empty')}
          actions={<ButtonLink to={routes.market()}>{t('nodesPage.exhibits.toMarket')}</ButtonLink>}
          testId="node-contracts-empty"
        />
      ) : (
        <ContractTable
          contracts={list.data.dataList}
          label={t('nodesPage.tab.contract')}
          columns={['contract', 'subject', 'licensor', 'state', 'signed']}
          loading={list.isFetching}
          pagination={
            total > PAGE_SIZE
              ? { current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }
              : false
          }
        />
      )}
      <AddressContractDrawer />
    </div>
  );
}
