import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { routes } from '@tessera/domain';
import { bannerOf, errorMessage, fieldErrorsOf, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { createVersion } from './creator-api';
import { checkedVersionRequest } from './publish-version';
import { refreshResourceReads } from './resource-reads';
import { useCreatorStart } from './use-creator-start';
import { draftScope, useDraftAutosave } from './use-draft-autosave';
import { useLeavePrompt } from './use-leave-prompt';
import { useVersionPlan } from './use-version-plan';
import { latestVersionOf } from '../resources';
import { prefilledDraft, upcastRuleOf, type VersionDraftData } from './version-draft';
import { DraftStatus, VERSION_FIELD_NAMES, VersionFields } from './VersionFields';
import styles from './creator.module.css';

export { DRAFT_SAVE_DELAY_MS } from './use-draft-autosave';

/** /resource/versionCreator/:id — the next version, prefilled from the latest one or the saved draft. */
export function VersionCreatorPage() {
  const t = useT();
  const { id = '' } = useParams();
  const start = useCreatorStart(id);
  useDocumentTitle(t('creator.versionTitle'));
  if (start.isSuccess) return <VersionCreator key={id} resource={start.data.resource} stored={start.data.draft} />;
  return (
    <PageContainer>
      {start.isError ? (
        <StatusPanel tone="error" title={errorMessage(start.error)} />
      ) : (
        <StatusPanel tone="loading" title={t('common.loading')} />
      )}
    </PageContainer>
  );
}

function VersionCreator({ resource, stored }: { resource: ResourceWire; stored: VersionDraftData | null }) {
  const t = useT();
  const api = useApiClient();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const id = resource.resourceId;
  const [draft, setDraft] = useState<VersionDraftData>(
    () => stored ?? prefilledDraft(resource.latestVersion, latestVersionOf(resource)),
  );
  const [edited, setEdited] = useState(false);
  const plan = useVersionPlan(draft.dependencies);
  const saved = useDraftAutosave(id, draft, edited);
  const leavePrompt = useLeavePrompt(saved.pending, t('creator.leave'));
  const rule = upcastRuleOf(resource);

  const publish = useMutation({
    // After the draft saves on their way, so that none lands after the version (which removes the draft).
    scope: draftScope(id),
    mutationFn: async (data: VersionDraftData) => {
      await createVersion(api, id, await checkedVersionRequest(api, t, id, data, plan.candidates, rule));
      return data.version.trim();
    },
    onSuccess: (version) => {
      leavePrompt.release();
      void refreshResourceReads(queries);
      // A resource with versions already gets the release page; its first version, the create page.
      void navigate(
        resource.latestVersion
          ? routes.result.resourceVersionCreateRelease(id, version)
          : routes.result.resourceVersionCreateSuccess(id, version),
      );
    },
  });

  const banner = bannerOf(publish.error, VERSION_FIELD_NAMES);
  const change = (patch: Partial<VersionDraftData>) => {
    setEdited(true);
    setDraft({ ...draft, ...patch });
  };

  return (
    <PageContainer>
      <h1>{t('creator.versionHeading', { name: resource.resourceName })}</h1>
      {resource.latestVersion && (
        <p className={styles.hint}>{t('creator.latestVersion', { version: resource.latestVersion })}</p>
      )}
      <DraftStatus {...saved} />
      <VersionFields
        resourceId={id}
        resourceTypeCode={resource.resourceTypeCode}
        draft={draft}
        change={change}
        plan={plan}
        rule={rule}
        fieldErrors={fieldErrorsOf(publish.error)}
      />
      {banner && <Alert type="error" role="alert" title={banner} data-testid="creator-error" />}
      <Button
        type="primary"
        disabled={!draft.fileSha1}
        loading={publish.isPending}
        onClick={() => publish.mutate(draft)}
      >
        {t('creator.publishVersion')}
      </Button>
    </PageContainer>
  );
}
