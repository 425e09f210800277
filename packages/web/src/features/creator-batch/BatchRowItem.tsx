import { useId } from 'react';
import { Link } from 'react-router';
import { Button, Input, Popconfirm, Progress, Space } from 'antd';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { creatorStyles } from '../creator';
import { roundSize } from '../storage';
import type { FileRules } from './batch-api';
import {
  fileProblemOf,
  isPending,
  nameProblemOf,
  rowPhase,
  titleTooLong,
  TITLE_MAX_LENGTH,
  type BatchRow,
  type FileProblem,
} from './batch-rows';
import styles from './creator-batch.module.css';

export interface BatchRowItemProps {
  row: BatchRow;
  username: string;
  rules: FileRules | undefined;
  duplicates: ReadonlySet<string>;
  locked: boolean;
  onEdit: (change: { name?: string; title?: string }) => void;
  onRemove: () => void;
  onRetry: () => void;
}

const NAME_PROBLEM_TEXTS = {
  invalid: 'creatorBatch.row.nameInvalid',
  duplicate: 'creatorBatch.row.nameDuplicate',
} as const;

/** Why a row is left out of publishing: the type refuses its file, or storing it failed; else null. */
export function useLeftOutReason(): (row: BatchRow, problem: FileProblem | null) => string | null {
  const t = useT();
  return (row, problem) => {
    if (problem)
      return problem.kind === 'format'
        ? t('creatorBatch.file.format', { formats: problem.formats })
        : t('creatorBatch.file.size', { limit: roundSize(problem.limit) });
    if (row.phase === 'failed') return t('creatorBatch.phase.failed', { reason: row.fileError ?? '' });
    return null;
  };
}

function RowStatus({ row, problem }: { row: BatchRow; problem: FileProblem | null }) {
  const t = useT();
  const reasonOf = useLeftOutReason();
  const outcome = row.outcome;
  if (outcome?.kind === 'created') {
    return (
      <span className={styles.done}>
        {t('creatorBatch.phase.created')}{' '}
        <Link to={routes.resourceDetails(outcome.resource.resourceId)}>{outcome.resource.resourceName}</Link>
      </span>
    );
  }
  const leftOutReason = reasonOf(row, problem);
  if (leftOutReason) return <span className={styles.problem}>{leftOutReason}</span>;
  return (
    <span className={row.phase === 'ready' ? styles.done : undefined}>
      {t(`creatorBatch.phase.${row.phase}`)}
      {row.percent !== undefined && (
        <Progress
          className={styles.progress}
          percent={row.percent}
          size="small"
          aria-label={t(`creatorBatch.phase.${row.phase}`)}
        />
      )}
    </span>
  );
}

/** One file of the batch: its progress, the name and title of the resource it becomes, its errors. */
export function BatchRowItem({
  row,
  username,
  rules,
  duplicates,
  locked,
  onEdit,
  onRemove,
  onRetry,
}: BatchRowItemProps) {
  const t = useT();
  const nameErrorId = useId();
  const titleErrorId = useId();
  const fileName = row.file.name;
  const editable = isPending(row) && !locked;
  const problem = isPending(row) ? fileProblemOf(row.file, rules) : null;
  const nameProblem = nameProblemOf(row, duplicates);
  const refusal = row.outcome?.kind === 'refused' ? row.outcome : null;
  const nameError =
    nameProblem === 'invalid' || nameProblem === 'duplicate'
      ? t(NAME_PROBLEM_TEXTS[nameProblem])
      : refusal?.concernsName
        ? refusal.reason
        : null;
  const titleError = titleTooLong(row.title) ? t('creatorBatch.row.titleTooLong', { limit: TITLE_MAX_LENGTH }) : null;

  return (
    <li
      className={styles.row}
      data-testid="batch-row"
      data-phase={problem ? 'failed' : rowPhase(row)}
      aria-label={fileName}
    >
      <div className={styles.fileCell}>
        <span className={styles.fileName} title={fileName}>
          {fileName}
        </span>
        <span className={styles.hint}>{roundSize(row.file.size)}</span>
        <RowStatus row={row} problem={problem} />
      </div>
      <div className={styles.fields}>
        <div className={styles.field}>
          <span className={styles.fieldLabel} aria-hidden="true">
            {t('creatorBatch.row.nameLabel')}
          </span>
          <Space.Compact>
            <span className={creatorStyles.namePrefix}>{`${username}/`}</span>
            <Input
              aria-label={t('creatorBatch.row.name', { file: fileName })}
              value={row.name ?? ''}
              placeholder={row.name === undefined ? t('creatorBatch.row.naming') : undefined}
              disabled={!editable || row.name === undefined}
              status={nameError ? 'error' : undefined}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? nameErrorId : undefined}
              onChange={(event) => onEdit({ name: event.target.value })}
            />
          </Space.Compact>
          {nameError && (
            <span id={nameErrorId} className={styles.problem}>
              {nameError}
            </span>
          )}
        </div>
        <div className={styles.field}>
          <span className={styles.fieldLabel} aria-hidden="true">
            {t('creatorBatch.row.titleLabel')}
          </span>
          <Input
            aria-label={t('creatorBatch.row.title', { file: fileName })}
            value={row.title}
            disabled={!editable}
            status={titleError ? 'error' : undefined}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? titleErrorId : undefined}
            onChange={(event) => onEdit({ title: event.target.value })}
          />
          {titleError && (
            <span id={titleErrorId} className={styles.problem}>
              {titleError}
            </span>
          )}
        </div>
        {refusal && !refusal.concernsName && (
          <span className={styles.problem} role="alert">
            {t('creatorBatch.row.refused', { reason: refusal.reason })}
          </span>
        )}
      </div>
      <div className={styles.rowActions}>
        {row.phase === 'failed' && editable && (
          <Button size="small" onClick={onRetry} aria-label={t('creatorBatch.row.retryFile', { file: fileName })}>
            {t('creatorBatch.row.retry')}
          </Button>
        )}
        {editable && (
          <Popconfirm
            title={t('creatorBatch.row.removeQuestion', { file: fileName })}
            okText={t('creatorBatch.row.removeOk')}
            cancelText={t('creatorBatch.row.removeCancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onRemove}
          >
            <Button size="small" danger aria-label={t('creatorBatch.row.removeFile', { file: fileName })}>
              {t('creatorBatch.row.remove')}
            </Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}
