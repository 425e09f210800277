import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Select } from 'antd';
import { normalizeVersion } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from '../account';
import { creatorStyles, refreshResourceReads, useLeavePrompt, useTagSuggestions } from '../creator';
import { nameIn } from '../resources';
import { ApplyToAll, tagTooLong, type SharedFields } from './ApplyToAll';
import { createResourceBatch, MAX_BATCH_FILES } from './batch-api';
import { BatchResult } from './BatchResult';
import { BatchRowItem } from './BatchRowItem';
import { duplicateNames, isLeftOut, isPending, isRowPublishable, isWorking, type BatchRow } from './batch-rows';
import { FileDropZone } from './FileDropZone';
import { useBatchRows } from './use-batch-rows';
import { batchableEntries, findType, useBatchTypes } from './use-batch-types';
import styles from './creator-batch.module.css';

const FIRST_VERSION = '1.0.0';
const EMPTY_SHARED: SharedFields = { version: FIRST_VERSION, policies: [], tags: [] };

/** /resource/creatorBatch: up to 20 files become resources of one type, with shared policies and tags. */
export function CreatorBatchPage() {
  const t = useT();
  const [language] = useLanguage();
  const api = useApiClient();
  const queries = useQueryClient();
  const user = useLoggedInUser();
  const { types, reload } = useBatchTypes();
  const [typeCode, setTypeCode] = useState<string>();
  const tagSuggestions = useTagSuggestions(typeCode);
  const [shared, setShared] = useState<SharedFields>(EMPTY_SHARED);
  const [pickError, setPickError] = useState<string | null>(null);
  const [refusedCount, setRefusedCount] = useState<{ created: number; refused: number } | null>(null);
  const publishHintId = useId();
  const filesHeadingId = useId();
  const groups = types.state === 'ready' ? types.groups : [];
  const rules = findType(groups, typeCode)?.resourceConfig;
  const batch = useBatchRows(rules, typeCode !== undefined);
  const { rows } = batch;
  const pending = rows.filter(isPending);
  // Failed files (not stored, or refused by the type) are left out: "publish all" sends the others.
  const leftOut = pending.filter((row) => isLeftOut(row, rules));
  const toSend = pending.filter((row) => !isLeftOut(row, rules));
  const duplicates = duplicateNames(toSend);
  useDocumentTitle(t('creatorBatch.heading'));

  /** One createBatch call: each item makes its resource with its first version, or nothing. */
  const publishing = useMutation({
    mutationFn: ({ type, version, sent }: { type: string; version: string; sent: readonly BatchRow[] }) =>
      createResourceBatch(
        api,
        type,
        sent.map((row) => ({
          name: row.name ?? '',
          resourceTitle: row.title.trim() || undefined,
          policies: shared.policies,
          tags: shared.tags.map((tag) => tag.trim()),
          version,
          fileSha1: row.sha1 ?? '',
          filename: row.file.name,
        })),
      ),
    onMutate: () => setRefusedCount(null),
    onSuccess: (results, { sent }) => {
      batch.recordResults(
        sent.map((row) => row.id),
        results,
      );
      const refused = results.filter((result) => !result.resource).length;
      if (refused > 0) setRefusedCount({ created: results.length - refused, refused });
      void refreshResourceReads(queries);
    },
  });
  const submitting = publishing.isPending;

  const version = normalizeVersion(shared.version);
  const sharedValid = version !== null && !shared.tags.some(tagTooLong);
  const readyCount = toSend.filter((row) => row.phase === 'ready').length;
  const workingCount = toSend.filter((row) => isWorking(row) || row.phase === 'queued').length;
  const failedCount = leftOut.length;
  const allPublishable = toSend.length > 0 && toSend.every((row) => isRowPublishable(row, rules, duplicates));
  const canPublish = Boolean(typeCode) && sharedValid && allPublishable && !submitting;
  const publishBlocker = !typeCode
    ? 'type'
    : pending.length === 0
      ? 'noFiles'
      : toSend.length === 0
        ? 'allFailed'
        : workingCount > 0
          ? 'working'
          : !allPublishable || !sharedValid
            ? 'fix'
            : null;
  // Done once every row is created or left out (and something was created).
  const done = rows.length > 0 && toSend.length === 0 && rows.some((row) => row.outcome?.kind === 'created');
  useLeavePrompt(!done && pending.length > 0, t('creatorBatch.leave'));

  const addFiles = (files: File[]) => {
    setPickError(null);
    if (!batch.addFiles(files))
      setPickError(
        t('creatorBatch.files.tooMany', {
          limit: MAX_BATCH_FILES,
          chosen: files.length,
          room: MAX_BATCH_FILES - pending.length,
        }),
      );
  };

  const publish = () => {
    if (!typeCode || !canPublish || version === null) return;
    publishing.mutate({ type: typeCode, version, sent: toSend });
  };
  const publishError = publishing.isError
    ? t('creatorBatch.publish.failed', { reason: errorMessage(publishing.error) })
    : refusedCount && t('creatorBatch.publish.partly', refusedCount);

  const startAnother = () => {
    batch.clear();
    setShared(EMPTY_SHARED);
    setRefusedCount(null);
    publishing.reset();
  };

  const typeOptions = groups
    .map((group) => ({
      label: nameIn(group, language),
      options: batchableEntries(group).map((type) => ({ value: type.code, label: nameIn(type, language) })),
    }))
    .filter((group) => group.options.length > 0);

  // Done, the result page takes the form's place (its own title, what was made, next steps).
  if (done) return <BatchResult rows={rows} leftOut={leftOut} rules={rules} onAnother={startAnother} />;
  return (
    <PageContainer>
      <h1>{t('creatorBatch.heading')}</h1>
      <p className={styles.hint}>{t('creatorBatch.lead', { limit: MAX_BATCH_FILES })}</p>
      <section className={styles.section}>
        <label className={styles.field}>
          {t('creatorBatch.type')}
          <Select
            aria-label={t('creatorBatch.type')}
            className={styles.typeSelect}
            value={typeCode}
            options={typeOptions}
            showSearch={{ optionFilterProp: 'label' }}
            loading={types.state === 'loading'}
            disabled={submitting}
            placeholder={t('creatorBatch.typePlaceholder')}
            onChange={setTypeCode}
          />
        </label>
        {types.state === 'failed' && (
          <Alert
            type="error"
            role="alert"
            title={t('creatorBatch.typesFailed', { reason: types.message })}
            action={<Button onClick={reload}>{t('creatorBatch.retry')}</Button>}
          />
        )}
        {types.state === 'ready' && typeOptions.length === 0 && (
          <p className={styles.hint}>{t('creatorBatch.noTypes')}</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby={filesHeadingId}>
        <h2 id={filesHeadingId} className={styles.sectionTitle}>
          {t('creatorBatch.files.heading', { count: pending.length, limit: MAX_BATCH_FILES })}
        </h2>
        <FileDropZone
          disabled={!typeCode || submitting}
          hint={
            typeCode
              ? t('creatorBatch.files.formats', {
                  formats: rules?.formats.length ? rules.formats.join(', ') : t('creatorBatch.files.anyFormat'),
                })
              : t('creatorBatch.files.typeFirst')
          }
          onFiles={addFiles}
        />
        {pickError && <Alert type="error" role="alert" title={pickError} data-testid="batch-pick-error" />}
        {rows.length === 0 ? (
          <p className={styles.empty}>{t('creatorBatch.files.none')}</p>
        ) : (
          <>
            <p role="status" className={styles.hint}>
              {t('creatorBatch.files.summary', { ready: readyCount, working: workingCount, failed: failedCount })}
            </p>
            <ol className={styles.rows} aria-label={t('creatorBatch.files.list')}>
              {rows.map((row) => (
                <BatchRowItem
                  key={row.id}
                  row={row}
                  username={user.username}
                  rules={rules}
                  duplicates={duplicates}
                  locked={submitting}
                  onEdit={(change) => batch.editRow(row.id, change)}
                  onRemove={() => batch.removeRow(row.id)}
                  onRetry={() => batch.retryRow(row.id)}
                />
              ))}
            </ol>
          </>
        )}
      </section>

      <ApplyToAll
        value={shared}
        onChange={(change) => setShared((current) => ({ ...current, ...change }))}
        versionError={version === null}
        tagSuggestions={tagSuggestions}
        disabled={submitting}
      />

      {publishError && <Alert type="error" role="alert" title={publishError} data-testid="batch-publish-error" />}
      <div className={creatorStyles.actions}>
        <Button
          type="primary"
          size="large"
          disabled={!canPublish}
          loading={submitting}
          aria-describedby={publishBlocker || leftOut.length > 0 ? publishHintId : undefined}
          onClick={publish}
        >
          {t('creatorBatch.publish.button')}
        </Button>
        {publishBlocker ? (
          <span id={publishHintId} className={styles.hint}>
            {t(`creatorBatch.publish.blocked.${publishBlocker}`)}
          </span>
        ) : leftOut.length > 0 ? (
          <span id={publishHintId} className={styles.hint} data-testid="batch-left-out">
            {t('creatorBatch.publish.leavesOut', { count: leftOut.length })}
          </span>
        ) : null}
      </div>
    </PageContainer>
  );
}
