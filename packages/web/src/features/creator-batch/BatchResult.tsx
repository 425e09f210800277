import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { creatorStyles } from '../creator';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import type { BatchRow } from './batch-rows';
import styles from './creator-batch.module.css';

/** After every row went through: the resources made and how to put them online. */
export function BatchResult({ rows, onAnother }: { rows: readonly BatchRow[]; onAnother: () => void }) {
  const t = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const created = rows.flatMap((row) => (row.outcome?.kind === 'created' ? [row.outcome.resource] : []));
  return (
    <section className={styles.section} data-testid="batch-result" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} className={styles.sectionTitle} tabIndex={-1}>
        {t('creatorBatch.result.heading', { count: created.length })}
      </h2>
      <ul className={styles.resultList} aria-label={t('creatorBatch.result.list')}>
        {created.map((resource) => (
          <li key={resource.resourceId}>
            <Link to={routes.resourceDetails(resource.resourceId)}>
              {resource.resourceTitle || resource.resourceName}
            </Link>{' '}
            <span className={styles.hint}>{resource.resourceName}</span>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t('creatorBatch.result.onlineHint')}</p>
      <div className={creatorStyles.actions}>
        <ButtonLink to={routes.resourceList()}>{t('creatorBatch.result.myResources')}</ButtonLink>
        <Button onClick={onAnother}>{t('creatorBatch.result.another')}</Button>
      </div>
    </section>
  );
}
