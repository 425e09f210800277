import { isNodeFrozen, NodeVisibility } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import type { Node } from './nodes-api';
import { shownAddress } from './site-address';
import styles from './nodes.module.css';

const VISIBILITY_KEYS: Record<number, string> = {
  [NodeVisibility.Public]: 'nodesPage.visibility.public',
  [NodeVisibility.Private]: 'nodesPage.visibility.private',
  [NodeVisibility.Paused]: 'nodesPage.visibility.paused',
};

/** The node's visibility, and "frozen" when an administrator froze it. */
export function NodeBadges({ node }: { node: Pick<Node, 'visibility' | 'status'> }) {
  const t = useT();
  const visibility = VISIBILITY_KEYS[node.visibility];
  return (
    <span className={styles.badges}>
      {visibility ? (
        <span className={styles.badge} data-visibility={node.visibility}>
          {t(visibility)}
        </span>
      ) : null}
      {isNodeFrozen(node.status) ? (
        <span className={`${styles.badge} ${styles.badgeDanger}`} data-testid="node-frozen-badge">
          {t('nodesPage.frozen')}
        </span>
      ) : null}
    </span>
  );
}

/** The node's site, opened in a new tab (the link says so to screen readers). */
export function SiteLink({ node }: { node: Pick<Node, 'nodeUrl' | 'nodeName'> }) {
  const t = useT();
  return (
    <a
      href={node.nodeUrl}
      target="_blank"
      rel="noreferrer"
      className={styles.siteLink}
      aria-label={t('nodesPage.openSite', { name: node.nodeName, address: shownAddress(node.nodeUrl) })}
    >
      {shownAddress(node.nodeUrl)}
    </a>
  );
}
