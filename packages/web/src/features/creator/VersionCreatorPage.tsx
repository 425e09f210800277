import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button } from 'antd';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import {
  fetchPublishingResource,
  fetchVersionDraft,
  type PublishedVersion,
  type PublishingResource,
} from './creator-api';
import { publishVersion } from './publish-version';
import { useDraftAutosave } from './use-draft-autosave';
import { useVersionPlan } from './use-version-plan';
import { prefilledDraft, upcastRuleOf, type VersionDraftData } from './version-draft';
import { DraftStatus, VersionFields } from './VersionFields';
import styles from './creator.module.css';

export { DRAFT_SAVE_DELAY_MS } from './use-draft-autosave';

/** /resource/versionCreator/:id — the next version, prefilled from the latest one or the saved draft. */
export function VersionCreatorPage() {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [resource, setResource] = useState<PublishingResource | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<VersionDraftData | null>(null);
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const plan = useVersionPlan(draft?.dependencies);
  const saved = useDraftAutosave(id, draft, edited);
  useDocumentTitle(t('creator.versionTitle'));

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      fetchPublishingResource(api, id, controller.signal),
      fetchVersionDraft(api, id, controller.signal),
    ]).then(
      ([loaded, stored]) => {
        setResource(loaded);
        setDraft(
          stored ??
            prefilledDraft(loaded.latestVersion, loaded.latestVersionInfo as PublishedVersion | null | undefined),
        );
      },
      (failure: unknown) => setLoadError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => controller.abort();
  }, [api, id]);

  if (loadError) {
    return (
      <PageContainer>
        <StatusPanel tone="error" title={loadError} />
      </PageContainer>
    );
  }
  if (!resource || !draft) {
    return (
      <PageContainer>
        <StatusPanel tone="loading" title={t('common.loading')} />
      </PageContainer>
    );
  }

  const rule = upcastRuleOf(resource);
  const change = (patch: Partial<VersionDraftData>) => {
    setEdited(true);
    setDraft({ ...draft, ...patch });
  };

  const submit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await publishVersion(api, t, id, draft, plan.candidates, rule);
      const version = draft.version.trim();
      // A resource with versions already gets the release page; its first version, the create page.
      void navigate(
        resource.latestVersion
          ? routes.result.resourceVersionCreateRelease(id, version)
          : routes.result.resourceVersionCreateSuccess(id, version),
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSubmitting(false);
    }
  };

  return (
    <PageContainer>
      <h1>{t('creator.versionHeading', { name: resource.resourceName })}</h1>
      {resource.latestVersion && (
        <p className={styles.hint}>{t('creator.latestVersion', { version: resource.latestVersion })}</p>
      )}
      <DraftStatus {...saved} />
      <VersionFields resourceId={id} draft={draft} change={change} plan={plan} rule={rule} />
      {error && <Alert type="error" role="alert" title={error} data-testid="creator-error" />}
      <Button type="primary" disabled={!draft.fileSha1} loading={submitting} onClick={() => void submit()}>
        {t('creator.publishVersion')}
      </Button>
    </PageContainer>
  );
}
