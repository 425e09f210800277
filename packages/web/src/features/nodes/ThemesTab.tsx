import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from 'antd';
import { isNodeFrozen, routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { activateTheme, nodeKeys, themesQuery, type Exhibit, type Node } from './nodes-api';
import styles from './nodes.module.css';

/** The node's theme exhibits; activating one puts it online and the others offline (DOMAIN §3.5). */
export function ThemesTab({ node }: { node: Node }) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const themes = useQuery(themesQuery(api, node.nodeId));
  const activation = useMutation({
    mutationFn: (presentableId: string) => activateTheme(api, presentableId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: nodeKeys.byId(node.nodeId) }),
        queryClient.invalidateQueries({ queryKey: nodeKeys.exhibits(node.nodeId) }),
      ]),
  });
  const isActive = (theme: Exhibit) =>
    node.nodeThemeId ? theme.presentableId === node.nodeThemeId : theme.onlineStatus === 1;

  if (themes.isError)
    return (
      <StatusPanel
        tone="error"
        title={t('nodesPage.themes.error')}
        description={errorMessage(themes.error) || t('common.error.tryLater')}
        actions={<Button onClick={() => void themes.refetch()}>{t('common.retry')}</Button>}
        testId="themes-error"
      />
    );
  if (!themes.data) return <StatusPanel tone="loading" title={t('nodesPage.themes.loading')} testId="themes-loading" />;
  if (themes.data.dataList.length === 0)
    return (
      <StatusPanel
        tone="empty"
        title={t('nodesPage.themes.empty')}
        description={t('nodesPage.themes.emptyHint')}
        actions={
          <ButtonLink to={routes.market({ resourceTypeCode: 'theme' })}>{t('nodesPage.themes.toMarket')}</ButtonLink>
        }
        testId="themes-empty"
      />
    );

  const active = themes.data.dataList.find(isActive);
  return (
    <div className={styles.tab} data-testid="node-themes">
      <p className={styles.hint} data-testid="active-theme">
        {active
          ? t('nodesPage.themes.current', { name: active.presentableTitle || active.presentableName })
          : t('nodesPage.themes.none')}
      </p>
      {activation.isError ? (
        <p role="alert" className={styles.error} data-testid="theme-error">
          {errorMessage(activation.error)}
        </p>
      ) : null}
      <ul className={styles.themeGrid}>
        {themes.data.dataList.map((theme) => {
          const name = theme.presentableTitle || theme.presentableName;
          const on = isActive(theme);
          return (
            <li key={theme.presentableId} className={styles.themeCard} data-testid="theme-card" data-active={on}>
              <span className={styles.themeCover} aria-hidden="true">
                {theme.coverImages[0] ? <img src={theme.coverImages[0]} alt="" /> : null}
              </span>
              <Link to={routes.nodeExhibitFormal(theme.presentableId)} className={styles.nodeName}>
                {name}
              </Link>
              <span className={styles.hint}>{theme.version}</span>
              {on ? (
                <span className={`${styles.badge} ${styles.badgeActive}`}>{t('nodesPage.themes.active')}</span>
              ) : (
                <Button
                  onClick={() => activation.mutate(theme.presentableId)}
                  loading={activation.isPending && activation.variables === theme.presentableId}
                  disabled={activation.isPending || isNodeFrozen(node.status)}
                  aria-label={t('nodesPage.themes.activateNamed', { name })}
                >
                  {t('nodesPage.themes.activate')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
