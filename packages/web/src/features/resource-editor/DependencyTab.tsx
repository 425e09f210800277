import { useState } from 'react';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { DependencyContracts } from '../contracts';
import { DependencyArea, RelationArea, VersionSelect } from '../resources';
import type { TabProps } from './tab-props';
import { useChosenVersion } from './use-chosen-version';
import styles from './ResourceEditor.module.css';

/**
 * The contracts every version holds on its dependencies (ticked per version, changed in one save), what the
 * chosen version depends on (the whole tree), and its relations: dependencies and their upcasts.
 */
export function DependencyTab({ resource, readOnly }: TabProps) {
  const t = useT();
  const fromAddress = useChosenVersion(resource);
  const [picked, setPicked] = useState<string | null>(null);
  const version = picked ?? fromAddress;
  if (!version)
    return <StatusPanel tone="empty" title={t('resourceEditor.dependency.noVersion')} testId="dependency-no-version" />;
  return (
    <div className={styles.trees}>
      <DependencyContracts resource={resource} readOnly={readOnly} />
      <VersionSelect
        resource={resource}
        label={t('resourceEditor.dependency.version')}
        value={version}
        onChange={setPicked}
        className={styles.inlineField}
      />
      <section className={styles.block} aria-label={t('resourceEditor.dependency.tree')}>
        <h3 className={styles.blockTitle}>{t('resourceEditor.dependency.tree')}</h3>
        <DependencyArea resourceId={resource.resourceId} version={version} />
      </section>
      <section className={styles.block} aria-label={t('resourceEditor.relations.title')}>
        <h3 className={styles.blockTitle}>{t('resourceEditor.relations.title')}</h3>
        <RelationArea resourceId={resource.resourceId} version={version} />
      </section>
    </div>
  );
}
