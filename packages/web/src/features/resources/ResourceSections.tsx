import type { ReactNode } from 'react';
import { Alert, Tag } from 'antd';
import { useT } from '../../shared/i18n';
import { LazyPolicyEditor } from '../policy';
import { safeRichText } from './rich-text';
import { formatDuration, ResourceStatus } from '@tessera/domain';
import type { PolicyBinding, Resource, ResourceVersion } from './resources-api';
import styles from './ResourceDetailsPage.module.css';

export function DetailsSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.section} aria-label={title} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Offline, frozen (with the reason) and, for the owner, not yet released. */
export function StatusBanner({ resource, isOwner }: { resource: Resource; isOwner: boolean }) {
  const t = useT();
  if (resource.status === ResourceStatus.Frozen) {
    const reason = resource.freezeReason
      ? t('resourcesPage.details.frozenReason', { reason: resource.freezeReason })
      : undefined;
    return (
      <Alert
        type="error"
        showIcon
        title={t('resourcesPage.details.frozen')}
        description={reason}
        className={styles.banner}
        data-testid="status-banner"
      />
    );
  }
  if (resource.status === ResourceStatus.Offline) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('resourcesPage.details.offline')}
        className={styles.banner}
        data-testid="status-banner"
      />
    );
  }
  if (resource.status === ResourceStatus.Unreleased && isOwner) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('resourcesPage.details.unreleased')}
        className={styles.banner}
        data-testid="status-banner"
      />
    );
  }
  return null;
}

export function VersionDescription({ version }: { version: ResourceVersion }) {
  const t = useT();
  const html = version.description ? safeRichText(version.description) : '';
  return html ? (
    <div className={styles.richText} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <p className={styles.muted}>{t('resourcesPage.details.noDescription')}</p>
  );
}

const SYSTEM_PROPERTIES = ['fileSize', 'mime', 'width', 'height', 'duration'] as const;

function formatSystemValue(key: string, value: unknown): string {
  if (key === 'fileSize' && typeof value === 'number') {
    const units = ['B', 'KB', 'MB', 'GB'];
    let size = value;
    let unit = 0;
    while (size >= 1024 && unit < units.length - 1) {
      size /= 1024;
      unit += 1;
    }
    return `${unit === 0 ? size : size.toFixed(2)} ${units[unit]}`;
  }
  // File analysis stores seconds (DOMAIN §3.9).
  if (key === 'duration' && typeof value === 'number') return formatDuration(value);
  return String(value);
}

/** The file's facts from its analysis and the creator's own properties. */
export function VersionProperties({ version }: { version: ResourceVersion }) {
  const t = useT();
  const system = SYSTEM_PROPERTIES.flatMap((key) => {
    const value = version.systemProperty?.[key];
    return value === undefined || value === null || value === ''
      ? []
      : [{ key, name: t(`resourcesPage.property.${key}`), value: formatSystemValue(key, value) }];
  });
  const custom = (version.customPropertyDescriptors ?? []).map((descriptor) => ({
    key: `custom:${descriptor.key}`,
    name: descriptor.name || descriptor.key,
    value: descriptor.defaultValue,
  }));
  const rows = [...system, ...custom];
  if (rows.length === 0) return <p className={styles.muted}>{t('resourcesPage.details.noProperties')}</p>;
  return (
    <dl className={styles.properties}>
      {rows.map((row) => (
        <div key={row.key} className={styles.property}>
          <dt>{row.name}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface PolicyListProps {
  policies: PolicyBinding[];
  isOwner: boolean;
  /** What the owner can do with one policy (the editor's enable and disable), after its name. */
  actions?: (policy: PolicyBinding) => ReactNode;
}

/** Each policy in plain words with its code beside it; the owner also sees disabled ones. */
export function PolicyList({ policies, isOwner, actions }: PolicyListProps) {
  const t = useT();
  const shown = policies.filter((policy) => isOwner || policy.status === 1);
  if (shown.length === 0) return <p className={styles.muted}>{t('resourcesPage.details.noPolicies')}</p>;
  return (
    <ul className={styles.policies}>
      {shown.map((policy) => (
        <li key={policy.policyId} className={styles.policy} data-testid="resource-policy">
          <h3 className={styles.policyName}>
            {policy.policyName}
            {policy.isFree === 1 ? <Tag color="green">{t('resourcesPage.price.free')}</Tag> : null}
            {policy.isFree === 0 ? <Tag color="gold">{t('resourcesPage.price.paid')}</Tag> : null}
            {policy.status !== 1 ? <Tag>{t('resourcesPage.details.policyDisabled')}</Tag> : null}
          </h3>
          {actions ? <div className={styles.policyActions}>{actions(policy)}</div> : null}
          {policy.policyText ? <LazyPolicyEditor readOnly value={policy.policyText} label={policy.policyName} /> : null}
        </li>
      ))}
    </ul>
  );
}
