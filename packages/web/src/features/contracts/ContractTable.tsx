import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { routes, SubjectType } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { useContractAddress } from './contract-address';
import type { Contract } from './contracts-api';
import { ContractStateTag } from './ContractStateTag';
import { platformDate } from './platform-time';
import styles from './contracts.module.css';

export type ContractColumn = 'contract' | 'subject' | 'licensor' | 'licensee' | 'state' | 'signed' | 'versions';

export interface ContractTableProps {
  contracts: Contract[];
  columns: ContractColumn[];
  label: string;
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
  /** The versions that use a contract (the owner's editor), for the `versions` column. */
  versionsOf?: (contract: Contract) => string[];
}

function PartyCell({ name, owner }: { name: string; owner: string }) {
  const t = useT();
  return (
    <div className={styles.party}>
      <span>{name}</span>
      {owner && owner !== name ? (
        <span className={styles.owner}>{t('contractsPage.owner', { name: owner })}</span>
      ) : null}
    </div>
  );
}

/** Contracts as rows; a contract's name opens its drawer (`?contractId=` in the address, so it is a link). */
export function ContractTable({
  contracts,
  columns,
  label,
  loading,
  pagination = false,
  versionsOf,
}: ContractTableProps) {
  const t = useT();
  const { hrefOf } = useContractAddress();
  const all: Record<ContractColumn, TableColumnsType<Contract>[number]> = {
    contract: {
      key: 'contract',
      title: t('contractsPage.column.contract'),
      render: (_, contract) => (
        <Link
          to={hrefOf(contract.contractId)}
          aria-label={t('contractsPage.detailsOf', { name: contract.contractName })}
        >
          {contract.contractName}
        </Link>
      ),
    },
    subject: {
      key: 'subject',
      title: t('contractsPage.column.subject'),
      render: (_, contract) =>
        contract.subjectType === SubjectType.Resource ? (
          <Link to={routes.resourceDetails(contract.subjectId)}>{contract.subjectName}</Link>
        ) : (
          contract.subjectName
        ),
    },
    licensor: {
      key: 'licensor',
      title: t('contractsPage.column.licensor'),
      render: (_, contract) => <PartyCell name={contract.licensorName} owner={contract.licensorOwnerName} />,
    },
    licensee: {
      key: 'licensee',
      title: t('contractsPage.column.licensee'),
      render: (_, contract) => <PartyCell name={contract.licenseeName} owner={contract.licenseeOwnerName} />,
    },
    state: {
      key: 'state',
      title: t('contractsPage.column.state'),
      render: (_, contract) => <ContractStateTag contract={contract} />,
    },
    signed: {
      key: 'signed',
      title: t('contractsPage.column.signed'),
      render: (_, contract) => <time dateTime={contract.createDate}>{platformDate(contract.createDate)}</time>,
    },
    versions: {
      key: 'versions',
      title: t('contractsPage.resource.versions'),
      render: (_, contract): ReactNode => {
        const versions = versionsOf?.(contract) ?? [];
        return versions.length > 0 ? (
          versions.join(', ')
        ) : (
          <span className={styles.owner}>{t('contractsPage.resource.noVersion')}</span>
        );
      },
    },
  };
  return (
    <Table<Contract>
      rowKey="contractId"
      aria-label={label}
      loading={loading}
      dataSource={contracts}
      columns={columns.map((column) => all[column])}
      pagination={pagination}
      scroll={{ x: 720 }}
      // React's attribute types know data-* only in JSX, not in an object such as the one antd asks for.
      onRow={(contract) =>
        ({ 'data-testid': 'contract-row', 'data-contract-id': contract.contractId }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
