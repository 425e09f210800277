import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Input, Select, Space, Steps } from 'antd';
import { isResourceName, routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useLoggedInUser } from '../account/LoggedArea';
import { LazyPolicyEditorDialog } from '../policy';
import { nameIn, useCatalogue } from '../resources/use-catalogue';
import { createResource, createVersion, fetchAvailableTags, uploadImage, type NewPolicy } from './creator-api';
import { FileField, type ChosenFile } from './FileField';
import { PolicyList } from './PolicyList';
import { useLeavePrompt } from './use-leave-prompt';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import styles from './creator.module.css';

const MAX_TAGS = 20;
const FIRST_VERSION = '1.0.0';

/** /resource/creator: type and name → file → policies → title, intro, tags and cover; then publish. */
export function ResourceCreatorPage() {
  const t = useT();
  const [language] = useLanguage();
  const api = useApiClient();
  const navigate = useNavigate();
  const user = useLoggedInUser();
  const { types } = useCatalogue({ categories: false });
  const [step, setStep] = useState(0);
  const [typeCode, setTypeCode] = useState<string>();
  const [name, setName] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [version, setVersion] = useState(FIRST_VERSION);
  const [description, setDescription] = useState('');
  const [policies, setPolicies] = useState<NewPolicy[]>([]);
  const [addingPolicy, setAddingPolicy] = useState(false);
  const [title, setTitle] = useState('');
  const [intro, setIntro] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [tagSuggestions, setTagSuggestions] = useState<string[]>([]);
  const [cover, setCover] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const hasData = Boolean(typeCode || name || file || policies.length || title || intro);
  useDocumentTitle(t('creator.heading'));
  const leavePrompt = useLeavePrompt(hasData, t('creator.leave'));

  useEffect(() => {
    if (!typeCode) return;
    const controller = new AbortController();
    fetchAvailableTags(api, typeCode, controller.signal).then(setTagSuggestions, () => setTagSuggestions([]));
    return () => controller.abort();
  }, [api, typeCode]);

  const typeOptions = types.map((group) => ({
    label: nameIn(group, language),
    options: [group, ...(group.children ?? [])].map((type) => ({ value: type.code, label: nameIn(type, language) })),
  }));
  const nameValid = isResourceName(name);
  const canGoOn = [Boolean(typeCode) && nameValid, Boolean(file) && version.trim() !== '', true, true][step];

  const cancelPublishing = (message: string) => {
    setError(message);
    setSubmitting(false);
  };

  const publish = async () => {
    if (!typeCode || !file) return;
    setSubmitting(true);
    setError(null);
    let resourceId: string;
    try {
      const resource = await createResource(api, {
        name,
        resourceTypeCode: typeCode,
        resourceTitle: title.trim() || undefined,
        intro: intro.trim() || undefined,
        tags,
        coverImages: cover ? [cover] : [],
        policies,
      });
      resourceId = resource.resourceId;
    } catch (failure) {
      setStep(0);
      return cancelPublishing(failure instanceof Error ? failure.message : String(failure));
    }
    try {
      await createVersion(api, resourceId, { version: version.trim(), fileSha1: file.fileSha1, filename: file.filename, description });
    } catch (failure) {
      // The resource exists already: its version is made on the version creator.
      leavePrompt.release();
      return cancelPublishing(t('creator.versionFailed', { reason: failure instanceof Error ? failure.message : String(failure) }));
    }
    leavePrompt.release();
    void navigate(routes.result.resourceCreateSuccess(resourceId));
  };

  const addCover = async (picked: File | undefined) => {
    if (!picked) return;
    try {
      setCover(await uploadImage(api, picked));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const panels = [
    <div key="type" className={styles.form}>
      <label>
        {t('creator.type')}
        <Select aria-label={t('creator.type')} style={{ minWidth: 240 }} value={typeCode} options={typeOptions} onChange={setTypeCode} />
      </label>
      <div className={styles.field}>
        <span>{t('creator.name')}</span>
        <Space.Compact>
          <span className={styles.namePrefix}>{`${user.username}/`}</span>
          <Input aria-label={t('creator.name')} value={name} onChange={(event) => setName(event.target.value)} />
        </Space.Compact>
      </div>
      {name && !nameValid && <p role="alert">{t('creator.nameInvalid')}</p>}
    </div>,
    <div key="file" className={styles.form}>
      <FileField value={file} onChange={setFile} />
      <label>
        {t('creator.version')}
        <Input value={version} onChange={(event) => setVersion(event.target.value)} />
      </label>
      <label>
        {t('creator.description')}
        <Input.TextArea value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
    </div>,
    <div key="policies" className={styles.form}>
      <p className={styles.hint}>{t('creator.policies.why')}</p>
      <PolicyList policies={policies} onRemove={(policy) => setPolicies((all) => all.filter((item) => item !== policy))} />
      <Button onClick={() => setAddingPolicy(true)}>{t('creator.policies.add')}</Button>
      {addingPolicy && (
        <LazyPolicyEditorDialog
          takenNames={policies.map((policy) => policy.policyName)}
          onSave={(draft) => setPolicies((all) => [...all, draft])}
          onClose={() => setAddingPolicy(false)}
        />
      )}
    </div>,
    <div key="info" className={styles.form}>
      <label>
        {t('creator.title')}
        <Input value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label>
        {t('creator.intro')}
        <Input.TextArea value={intro} onChange={(event) => setIntro(event.target.value)} />
      </label>
      <label>
        {t('creator.tags', { limit: MAX_TAGS })}
        <Select
          mode="tags"
          aria-label={t('creator.tags', { limit: MAX_TAGS })}
          style={{ minWidth: 240 }}
          value={tags}
          maxCount={MAX_TAGS}
          options={tagSuggestions.map((tag) => ({ value: tag, label: tag }))}
          onChange={setTags}
        />
      </label>
      <label>
        {t('creator.cover')} <input type="file" accept="image/*" onChange={(event) => void addCover(event.target.files?.[0])} />
      </label>
      {cover && <img src={cover} alt={t('creator.coverPreview')} className={styles.cover} />}
    </div>,
  ];

  return (
    <PageContainer>
      <h1>{t('creator.heading')}</h1>
      <Steps
        className={styles.steps}
        current={step}
        items={['creator.step.type', 'creator.step.file', 'creator.step.policies', 'creator.step.info'].map((key) => ({ title: t(key) }))}
      />
      {panels[step]}
      {error && <Alert type="error" role="alert" title={error} data-testid="creator-error" />}
      <div className={styles.actions}>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('creator.back')}</Button>}
        {step < panels.length - 1 ? (
          <Button type="primary" disabled={!canGoOn} onClick={() => setStep(step + 1)}>
            {t('creator.next')}
          </Button>
        ) : (
          <Button type="primary" loading={submitting} onClick={() => void publish()}>
            {t('creator.publish')}
          </Button>
        )}
      </div>
    </PageContainer>
  );
}
