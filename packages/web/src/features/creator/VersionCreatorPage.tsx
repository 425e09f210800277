import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Input } from 'antd';
import { nextPatchVersion, routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { getResource, type CustomPropertyDescriptor, type Resource } from '../resources/resources-api';
import { createVersion, fetchVersionDraft, saveVersionDraft, type VersionDraftData } from './creator-api';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { FileField, type ChosenFile } from './FileField';
import styles from './creator.module.css';

/** Wait after the last change before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 2000;

type Loaded = { resource: Resource; form: VersionDraftData; properties: CustomPropertyDescriptor[] };

const hhmm = (date: Date) => `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/** /resource/versionCreator/:id — the next version, prefilled from the latest one or the saved draft. */
export function VersionCreatorPage() {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<VersionDraftData | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const edited = useRef(false);
  useDocumentTitle(t('creator.versionTitle'));

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getResource(api, id, controller.signal), fetchVersionDraft(api, id, controller.signal)]).then(
      ([resource, draft]) => {
        const latest = resource.latestVersionInfo;
        const prefilled: VersionDraftData = { version: resource.latestVersion ? nextPatchVersion(resource.latestVersion) : '1.0.0', description: latest?.description ?? '' };
        const start = draft ?? prefilled;
        setLoaded({ resource, form: start, properties: latest?.customPropertyDescriptors ?? [] });
        setForm(start);
      },
      (failure: unknown) => setLoadError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => controller.abort();
  }, [api, id]);

  useEffect(() => {
    if (!form || !edited.current) return;
    const timer = setTimeout(() => {
      saveVersionDraft(api, id, form).then(
        () => setSavedAt(hhmm(new Date())),
        () => undefined,
      );
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, id, form]);

  if (loadError) {
    return (
      <PageContainer>
        <StatusPanel tone="error" title={loadError} />
      </PageContainer>
    );
  }
  if (!loaded || !form) {
    return (
      <PageContainer>
        <StatusPanel tone="loading" title={t('common.loading')} />
      </PageContainer>
    );
  }

  const change = (patch: Partial<VersionDraftData>) => {
    edited.current = true;
    setForm({ ...form, ...patch });
  };
  const file: ChosenFile | null = form.fileSha1 ? { fileSha1: form.fileSha1, filename: form.filename ?? form.fileSha1 } : null;

  const submit = async () => {
    if (!file) return;
    setSubmitting(true);
    setError(null);
    try {
      const version = form.version.trim();
      await createVersion(api, id, { ...file, version, description: form.description, customPropertyDescriptors: loaded.properties });
      void navigate(routes.result.resourceVersionCreateSuccess(id, version));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSubmitting(false);
    }
  };

  return (
    <PageContainer>
      <h1>{t('creator.versionHeading', { name: loaded.resource.resourceName })}</h1>
      {savedAt && <p role="status" className={styles.hint}>{t('creator.draftSaved', { time: savedAt })}</p>}
      <div className={styles.form}>
        <FileField value={file} onChange={(chosen) => change({ fileSha1: chosen?.fileSha1, filename: chosen?.filename })} />
        <label>
          {t('creator.version')}
          <Input value={form.version} onChange={(event) => change({ version: event.target.value })} />
        </label>
        <label>
          {t('creator.description')}
          <Input.TextArea value={form.description} onChange={(event) => change({ description: event.target.value })} />
        </label>
        {loaded.properties.length > 0 && (
          <div className={styles.field}>
            <span>{t('creator.properties')}</span>
            <ul aria-label={t('creator.properties')}>
              {loaded.properties.map((property) => (
                <li key={property.key}>{`${property.name || property.key}: ${property.defaultValue}`}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {error && <Alert type="error" role="alert" title={error} />}
      <Button type="primary" disabled={!file} loading={submitting} onClick={() => void submit()}>
        {t('creator.publishVersion')}
      </Button>
    </PageContainer>
  );
}
