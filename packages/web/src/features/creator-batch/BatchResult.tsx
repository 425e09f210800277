import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { buttonClass } from '../../shared/ui/button-class';
import { NextStep, ResultLayout } from '../../shared/ui/ResultLayout';
import type { FileRules } from './batch-api';
import { fileProblemOf, type BatchRow } from './batch-rows';
import { useLeftOutReason } from './BatchRowItem';
import styles from './creator-batch.module.css';

/**
 * After every row went through, in place of the form: the resources made (each linked), the files left
 * out with their reasons, and what to do next — put them online, check the policies, publish more.
 */
export function BatchResult({
  rows,
  leftOut,
  rules,
  onAnother,
}: {
  rows: readonly BatchRow[];
  /** The failed files publishing went on without, with their reasons. */
  leftOut: readonly BatchRow[];
  rules: FileRules | undefined;
  onAnother: () => void;
}) {
  const t = useT();
  const reasonOf = useLeftOutReason();
  const created = rows.flatMap((row) => (row.outcome?.kind === 'created' ? [row.outcome.resource] : []));
  const made = (
    <div className={styles.resultLists}>
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
      {leftOut.length > 0 && (
        <>
          <h2 className={styles.sectionTitle}>{t('creatorBatch.result.leftOut', { count: leftOut.length })}</h2>
          <ul
            className={styles.resultList}
            aria-label={t('creatorBatch.result.leftOutList')}
            data-testid="batch-left-out-list"
          >
            {leftOut.map((row) => (
              <li key={row.id}>
                {row.file.name} <span className={styles.problem}>{reasonOf(row, fileProblemOf(row.file, rules))}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
  return (
    <ResultLayout
      title={t('creatorBatch.result.heading', { count: created.length })}
      lead={t('creatorBatch.result.onlineHint')}
      status={made}
      testId="batch-result"
      focusTitle
    >
      <NextStep title={t('creatorBatch.result.step.online.title')} text={t('creatorBatch.result.step.online.text')}>
        <ButtonLink to={routes.resourceList()} variant="secondary">
          {t('creatorBatch.result.myResources')}
        </ButtonLink>
      </NextStep>
      <NextStep title={t('creatorBatch.result.step.policy.title')} text={t('creatorBatch.result.step.policy.text')} />
      <NextStep title={t('creator.result.step.another.title')} text={t('creatorBatch.result.step.another.text')}>
        <button type="button" className={buttonClass('secondary')} onClick={onAnother}>
          {t('creatorBatch.result.another')}
        </button>
        <ButtonLink to={routes.resourceCreatorEntry()} variant="secondary">
          {t('creator.result.step.another.action')}
        </ButtonLink>
      </NextStep>
    </ResultLayout>
  );
}
