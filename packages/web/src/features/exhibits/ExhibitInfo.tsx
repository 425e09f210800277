import { useId, useState } from 'react';
import { Alert, Button, Input, Select } from 'antd';
import { errorMessage, fieldErrorsOf, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { CoverField, FieldProblem } from '../creator';
import { updateExhibit, type Exhibit } from './exhibits-api';
import { useExhibitChange } from './use-exhibit-change';
import styles from './ExhibitPage.module.css';

// DOMAIN §2.17: title ≤ 100, intro ≤ 140, ≤ 20 tags of ≤ 20 characters, ≤ 10 covers.
const TITLE_MAX = 100;
const INTRO_MAX = 140;
const TAGS_MAX = 20;
const TAG_LENGTH_MAX = 20;

type Info = { presentableTitle: string; intro: string; tags: string[]; coverImages: string[] };
const infoOf = (exhibit: Exhibit): Info => ({
  presentableTitle: exhibit.presentableTitle,
  intro: exhibit.intro,
  tags: exhibit.tags,
  coverImages: exhibit.coverImages,
});

/** Title, intro, tags and cover as visitors of the node see them; saved together. */
export function ExhibitInfo({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const id = useId();
  const [info, setInfo] = useState<Info>(() => infoOf(exhibit));
  const save = useExhibitChange(exhibit.presentableId, (next: Info) =>
    updateExhibit(api, exhibit.presentableId, {
      presentableTitle: next.presentableTitle.trim(),
      presentableIntro: next.intro.trim(),
      tags: next.tags,
      coverImages: next.coverImages,
    }),
  );
  const fieldErrors = fieldErrorsOf(save.error);
  const longTag = info.tags.find((tag) => Array.from(tag).length > TAG_LENGTH_MAX);
  const [cover, ...otherImages] = info.coverImages;
  const changed = JSON.stringify(info) !== JSON.stringify(infoOf(exhibit));
  const edit = (patch: Partial<Info>) => {
    setInfo((current) => ({ ...current, ...patch }));
    save.reset();
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (!longTag && info.presentableTitle.trim()) save.mutate(info);
      }}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-title`}>{t('exhibitsWeb.info.title')}</label>
        <Input
          id={`${id}-title`}
          value={info.presentableTitle}
          maxLength={TITLE_MAX}
          showCount
          status={fieldErrors.has('presentableTitle') ? 'error' : undefined}
          onChange={(event) => edit({ presentableTitle: event.target.value })}
        />
        <FieldProblem errors={fieldErrors} field="presentableTitle" />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-intro`}>{t('exhibitsWeb.info.intro')}</label>
        <Input.TextArea
          id={`${id}-intro`}
          value={info.intro}
          maxLength={INTRO_MAX}
          showCount
          rows={3}
          status={fieldErrors.has('presentableIntro') ? 'error' : undefined}
          onChange={(event) => edit({ intro: event.target.value })}
        />
        <FieldProblem errors={fieldErrors} field="presentableIntro" />
      </div>
      <div className={styles.field}>
        <span id={`${id}-tags`}>{t('exhibitsWeb.info.tags', { max: TAGS_MAX })}</span>
        <Select
          mode="tags"
          aria-labelledby={`${id}-tags`}
          value={info.tags}
          maxCount={TAGS_MAX}
          onChange={(tags: string[]) => edit({ tags })}
          open={false}
          suffixIcon={null}
        />
        {longTag ? <p className={styles.problem}>{t('exhibitsWeb.info.tagTooLong', { max: TAG_LENGTH_MAX })}</p> : null}
        <FieldProblem errors={fieldErrors} field="tags" />
      </div>
      <div className={styles.field}>
        <CoverField
          value={cover}
          onChange={(next) => edit({ coverImages: next ? [next, ...otherImages] : otherImages })}
        />
        <FieldProblem errors={fieldErrors} field="coverImages" />
      </div>
      <div className={styles.actions}>
        <Button type="primary" htmlType="submit" disabled={!changed} loading={save.isPending}>
          {t('exhibitsWeb.info.save')}
        </Button>
        <span role="status">{save.isSuccess ? t('exhibitsWeb.info.saved') : null}</span>
      </div>
      {save.isError && fieldErrors.size === 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('exhibitsWeb.info.refused')}
          description={errorMessage(save.error)}
        />
      ) : null}
    </form>
  );
}
