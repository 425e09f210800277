import { useId } from 'react';
import { Input } from 'antd';
import { DESCRIPTION_MAX_LENGTH, normalizeVersion } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { RichTextField } from '../../shared/ui/rich-text/RichTextField';
import { DependenciesEditor } from './DependenciesEditor';
import { FieldProblem } from './FieldProblem';
import { FileField, type ChosenFile } from './FileField';
import { PropertiesEditor } from './PropertiesEditor';
import type { VersionDraftData } from './version-draft';
import type { VersionEditorProps } from './version-editor-props';
import styles from './creator.module.css';

interface Props extends VersionEditorProps {
  /** A local file picked before this step: stored at once when no file is chosen yet. */
  initialFile?: File | null;
  /** What the server said about the version's fields when it refused the last attempt. */
  fieldErrors: ReadonlyMap<string, string>;
  /** The resource's type: the file step offers stored objects of that type first. */
  resourceTypeCode?: string | undefined;
}

/** The wire fields these inputs show the server's messages under. */
export const VERSION_FIELD_NAMES: readonly string[] = ['version', 'description'];

export const chosenFileOf = (draft: VersionDraftData): ChosenFile | null =>
  draft.fileSha1 ? { fileSha1: draft.fileSha1, filename: draft.filename ?? draft.fileSha1 } : null;

/** What a version is made of, on both creators: file, number, description, properties and dependencies. */
export function VersionFields({
  resourceId,
  draft,
  change,
  plan,
  rule,
  initialFile,
  fieldErrors,
  resourceTypeCode,
}: Props) {
  const t = useT();
  const descriptionLabel = useId();
  // The shared version rule (the server's own), checked as one types.
  const versionProblem =
    draft.version.trim() !== '' && normalizeVersion(draft.version) === null ? t('versions.param.version') : null;
  return (
    <div className={styles.form}>
      <FileField
        value={chosenFileOf(draft)}
        initialFile={initialFile}
        resourceTypeCode={resourceTypeCode}
        onChange={(chosen) => change({ fileSha1: chosen?.fileSha1, filename: chosen?.filename })}
      />
      <label>
        {t('creator.version')}
        <Input
          value={draft.version}
          status={versionProblem ? 'error' : undefined}
          onChange={(event) => change({ version: event.target.value })}
        />
      </label>
      <FieldProblem errors={fieldErrors} field="version" local={versionProblem} />
      <div className={styles.field}>
        <span id={descriptionLabel}>{t('creator.description')}</span>
        <RichTextField
          labelledBy={descriptionLabel}
          value={draft.description}
          placeholder={t('creator.descriptionPlaceholder')}
          maxLength={DESCRIPTION_MAX_LENGTH}
          invalid={fieldErrors.has('description')}
          onChange={(description) => change({ description })}
        />
      </div>
      <FieldProblem errors={fieldErrors} field="description" />
      <PropertiesEditor
        value={draft.customPropertyDescriptors ?? []}
        onChange={(customPropertyDescriptors) => change({ customPropertyDescriptors })}
      />
      <DependenciesEditor resourceId={resourceId} draft={draft} change={change} plan={plan} rule={rule} />
    </div>
  );
}

/** "Draft saved at HH:mm", that a change waits to be saved, or that saving failed (the form is kept either way). */
export function DraftStatus({
  savedAt,
  failed,
  pending,
}: {
  savedAt: string | null;
  failed: boolean;
  pending: boolean;
}) {
  const t = useT();
  if (failed)
    return (
      <p role="status" className={styles.problem}>
        {t('creator.draftFailed')}
      </p>
    );
  if (pending)
    return (
      <p role="status" className={styles.hint}>
        {t('creator.draftPending')}
      </p>
    );
  return savedAt ? (
    <p role="status" className={styles.hint}>
      {t('creator.draftSaved', { time: savedAt })}
    </p>
  ) : null;
}
