import { useId, useState } from 'react';
import { Button, Input, Select } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { fieldErrorsOf } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { CoverField, FieldProblem, useResourceChange, useTagSuggestions } from '../creator';
import { SavedStatus, SaveFailure } from './save-feedback';
import type { TabProps } from './tab-props';
import styles from './ResourceEditor.module.css';

// DOMAIN §2.5: title ≤ 100, intro ≤ 1000, ≤ 20 tags of 1–20 characters.
const TITLE_MAX = 100;
const INTRO_MAX = 1000;
const TAGS_MAX = 20;
const TAG_LENGTH_MAX = 20;

type ResourceInfo = Pick<ResourceWire, 'resourceTitle' | 'intro' | 'tags' | 'coverImages'>;
/** The fields that show the server's messages under their inputs. */
const INFO_FIELDS: readonly (keyof ResourceInfo)[] = ['resourceTitle', 'intro', 'tags', 'coverImages'];

const sameInfo = (a: ResourceInfo, b: ResourceInfo) => JSON.stringify(a) === JSON.stringify(b);
const infoOf = (resource: TabProps['resource']): ResourceInfo => ({
  resourceTitle: resource.resourceTitle,
  intro: resource.intro,
  tags: resource.tags,
  coverImages: resource.coverImages,
});

/** Title, intro, tags and cover: edited here, saved together. */
export function InfoTab({ resource, readOnly }: TabProps) {
  const t = useT();
  const [info, setInfo] = useState<ResourceInfo>(() => infoOf(resource));
  const save = useResourceChange(resource.resourceId);
  const fieldErrors = fieldErrorsOf(save.error);
  const suggestions = useTagSuggestions(resource.resourceTypeCode);
  const fieldId = useId();
  const tagsLabelId = `${fieldId}-tags`;
  const longTag = info.tags.find((tag) => Array.from(tag).length > TAG_LENGTH_MAX);
  const changed = !sameInfo(info, infoOf(resource));
  // The cover is the first image: a new one takes its place, removing it leaves the others.
  const [cover, ...otherImages] = info.coverImages;
  const edit = (patch: Partial<ResourceInfo>) => {
    setInfo((current) => ({ ...current, ...patch }));
    save.reset();
  };

  const submit = () => save.mutate({ ...info, resourceTitle: info.resourceTitle.trim(), intro: info.intro.trim() });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <div className={styles.field}>
          <label htmlFor={`${fieldId}-title`}>{t('resourceEditor.info.title')}</label>
          <Input
            id={`${fieldId}-title`}
            disabled={readOnly}
            value={info.resourceTitle}
            maxLength={TITLE_MAX}
            showCount
            onChange={(event) => edit({ resourceTitle: event.target.value })}
            placeholder={resource.resourceName}
          />
          <FieldProblem errors={fieldErrors} field="resourceTitle" />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${fieldId}-intro`}>{t('resourceEditor.info.intro')}</label>
          <Input.TextArea
            id={`${fieldId}-intro`}
            disabled={readOnly}
            value={info.intro}
            maxLength={INTRO_MAX}
            showCount
            rows={5}
            onChange={(event) => edit({ intro: event.target.value })}
          />
          <FieldProblem errors={fieldErrors} field="intro" />
        </div>
        <div className={styles.field}>
          <span id={tagsLabelId}>{t('resourceEditor.info.tags', { limit: TAGS_MAX })}</span>
          <Select
            mode="tags"
            aria-labelledby={tagsLabelId}
            value={info.tags}
            maxCount={TAGS_MAX}
            disabled={readOnly}
            tokenSeparators={[',', '，']}
            options={suggestions.map((tag) => ({ value: tag, label: tag }))}
            onChange={(tags: string[]) => edit({ tags: tags.map((tag) => tag.trim()).filter(Boolean) })}
          />
          {longTag ? (
            <span role="alert" className={styles.fieldError}>
              {t('resourceEditor.info.tagTooLong', { tag: longTag, max: TAG_LENGTH_MAX })}
            </span>
          ) : null}
          <FieldProblem errors={fieldErrors} field="tags" />
        </div>
        <CoverField
          value={cover}
          disabled={readOnly}
          onChange={(next) => edit({ coverImages: next ? [next, ...otherImages] : otherImages })}
        />
        <FieldProblem errors={fieldErrors} field="coverImages" />
      </fieldset>
      {readOnly ? null : (
        <div className={styles.formActions}>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed || Boolean(longTag)}>
            {t('resourceEditor.info.save')}
          </Button>
          <Button htmlType="button" disabled={!changed || save.isPending} onClick={() => edit(infoOf(resource))}>
            {t('resourceEditor.info.reset')}
          </Button>
          <SavedStatus save={save} text={t('resourceEditor.info.saved')} />
        </div>
      )}
      <SaveFailure
        save={save}
        title={t('resourceEditor.info.saveFailed')}
        testId="info-error"
        shownFields={INFO_FIELDS}
      />
    </form>
  );
}
