import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { useContractAddress } from '../contracts';
import { authTreeQuery, dependencyTreeQuery, exhibitAuthQuery, nodeContractsQuery, type Exhibit } from './exhibits-api';
import { licencesByNid, sideStates, treeRows, type Side } from './tree-rows';
import styles from './ExhibitPage.module.css';

const SIDE_COLOUR: Record<Side, string> = { passed: 'green', failed: 'red', unknown: 'default' };

/** What the exhibit uses (its frozen dependency tree) and, per resource, whether it is licensed. */
export function ExhibitTrees({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const { hrefOf } = useContractAddress();
  const dependencies = useQuery(dependencyTreeQuery(api, exhibit));
  const authTree = useQuery(authTreeQuery(api, exhibit));
  const auth = useQuery(exhibitAuthQuery(api, exhibit));
  const contracts = useQuery(nodeContractsQuery(api, exhibit));
  const sides = sideStates(exhibit.authStatus);

  if (dependencies.isPending || authTree.isPending) {
    return (
      <p role="status" data-testid="exhibit-trees-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (dependencies.isError || authTree.isError) {
    return (
      <Alert
        type="error"
        role="alert"
        title={t('exhibitsWeb.trees.error')}
        description={errorMessage(dependencies.error ?? authTree.error)}
        action={
          <Button
            onClick={() => {
              void dependencies.refetch();
              void authTree.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
        data-testid="exhibit-trees-error"
      />
    );
  }
  const rows = treeRows(dependencies.data);
  const licences = licencesByNid(authTree.data);
  const authorised = new Set((contracts.data ?? []).filter((item) => item.isAuth).map((item) => item.contractId));

  return (
    <div>
      <p className={styles.actions} data-testid="exhibit-auth-summary">
        <Tag color={SIDE_COLOUR[sides.node]}>{t(`exhibitsWeb.trees.node.${sides.node}`)}</Tag>
        <Tag color={SIDE_COLOUR[sides.upstream]}>{t(`exhibitsWeb.trees.upstream.${sides.upstream}`)}</Tag>
        {auth.data && !auth.data.isAuth ? (
          <span>{auth.data.errorMsg || t('exhibitsWeb.trees.notAuthorised')}</span>
        ) : null}
      </p>
      {rows.length === 0 ? (
        <p role="status" data-testid="exhibit-trees-empty">
          {t('exhibitsWeb.trees.empty')}
        </p>
      ) : (
        <ul className={styles.tree} aria-label={t('exhibitsWeb.trees.list')}>
          {rows.map((row) => {
            const licence = licences.get(row.nid);
            const nodeHeld = licence?.by === 'node' ? licence.contractIds : undefined;
            const licensed = nodeHeld?.some((id) => authorised.has(id)) ?? false;
            return (
              <li
                key={row.nid}
                className={styles.treeItem}
                style={{ paddingInlineStart: row.depth * 24 }}
                data-testid="exhibit-tree-item"
              >
                <span>
                  {row.depth > 0 ? (
                    <span className="visually-hidden">{t('exhibitsWeb.trees.level', { level: row.depth })}</span>
                  ) : null}
                  {row.resourceName} <span className={styles.muted}>{row.version}</span>
                </span>
                {nodeHeld && !contracts.isPending ? (
                  <Tag color={licensed ? 'green' : 'red'}>
                    {t(licensed ? 'exhibitsWeb.trees.nodeLicensed' : 'exhibitsWeb.trees.nodeUnlicensed')}
                  </Tag>
                ) : null}
                {licence?.by === 'upstream' && sides.upstream === 'passed' ? (
                  <Tag>{t('exhibitsWeb.trees.upstreamLicensed')}</Tag>
                ) : null}
                {nodeHeld?.map((contractId) => (
                  <Link key={contractId} to={hrefOf(contractId)}>
                    {t('exhibitsWeb.trees.contract', { id: contractId.slice(-6) })}
                  </Link>
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
