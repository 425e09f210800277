import { useId, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { useT } from '../../shared/i18n';
import { PolicyList } from '../creator';
import { LazyPolicyEditorDialog, type PolicyDraft } from '../policy';
import styles from './creator-batch.module.css';

export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 20;

export interface SharedFields {
  version: string;
  policies: PolicyDraft[];
  tags: string[];
}

export const tagTooLong = (tag: string): boolean => [...tag.trim()].length > TAG_MAX_LENGTH;

/** What every resource of the batch gets: the first version's number, the policies and the tags. */
export function ApplyToAll({
  value,
  onChange,
  versionError,
  tagSuggestions,
  disabled,
}: {
  value: SharedFields;
  onChange: (change: Partial<SharedFields>) => void;
  versionError: boolean;
  tagSuggestions: readonly string[];
  disabled: boolean;
}) {
  const t = useT();
  const [addingPolicy, setAddingPolicy] = useState(false);
  const versionErrorId = useId();
  const tagErrorId = useId();
  const headingId = useId();
  const longTag = value.tags.find(tagTooLong);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('creatorBatch.shared.heading')}
      </h2>
      <p className={styles.hint}>{t('creatorBatch.shared.lead')}</p>
      <label className={styles.field}>
        {t('creatorBatch.shared.version')}
        <Input
          className={styles.short}
          value={value.version}
          disabled={disabled}
          status={versionError ? 'error' : undefined}
          aria-invalid={versionError ? true : undefined}
          aria-describedby={versionError ? versionErrorId : undefined}
          onChange={(event) => onChange({ version: event.target.value })}
        />
      </label>
      {versionError && (
        <span id={versionErrorId} className={styles.problem}>
          {t('creatorBatch.shared.versionInvalid')}
        </span>
      )}
      <div className={styles.field}>
        <span>{t('creatorBatch.shared.policies')}</span>
        <p className={styles.hint}>{t('creatorBatch.shared.policiesWhy')}</p>
        <PolicyList
          policies={value.policies}
          onRemove={(policy) => onChange({ policies: value.policies.filter((item) => item !== policy) })}
        />
        <div>
          <Button disabled={disabled} onClick={() => setAddingPolicy(true)}>
            {t('creatorBatch.shared.addPolicy')}
          </Button>
        </div>
      </div>
      {addingPolicy && (
        <LazyPolicyEditorDialog
          takenNames={value.policies.map((policy) => policy.policyName)}
          onSave={(draft) => onChange({ policies: [...value.policies, draft] })}
          onClose={() => setAddingPolicy(false)}
        />
      )}
      <label className={styles.field}>
        {t('creatorBatch.shared.tags', { limit: MAX_TAGS })}
        <Select
          mode="tags"
          className={styles.tags}
          aria-label={t('creatorBatch.shared.tags', { limit: MAX_TAGS })}
          aria-describedby={longTag ? tagErrorId : undefined}
          status={longTag ? 'error' : undefined}
          disabled={disabled}
          value={value.tags}
          maxCount={MAX_TAGS}
          options={tagSuggestions.map((tag) => ({ value: tag, label: tag }))}
          onChange={(tags: string[]) => onChange({ tags })}
        />
      </label>
      {longTag && (
        <span id={tagErrorId} className={styles.problem}>
          {t('creatorBatch.shared.tagTooLong', { tag: longTag, limit: TAG_MAX_LENGTH })}
        </span>
      )}
    </section>
  );
}
