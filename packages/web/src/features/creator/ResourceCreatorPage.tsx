import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Input, Select, Space, Steps } from 'antd';
import { isResourceName, routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from '../account/LoggedArea';
import { LazyPolicyEditorDialog } from '../policy';
import { nameIn, useCatalogue } from '../resources/use-catalogue';
import { CoverField } from './CoverField';
import {
  createResource,
  createVersion,
  fetchPublishingResource,
  fetchVersionDraft,
  updateResource,
  type PublishingResource,
} from './creator-api';
import { baseNameOf, NameSuggestions } from './NameSuggestions';
import { PolicyList } from './PolicyList';
import { checkedVersionRequest } from './publish-version';
import { useDraftAutosave } from './use-draft-autosave';
import { useLeavePrompt } from './use-leave-prompt';
import { useTagSuggestions } from './use-tag-suggestions';
import { useVersionPlan } from './use-version-plan';
import { FIRST_VERSION, versionDraftProblem, type ResourceDraftData } from './version-draft';
import { DraftStatus, VersionFields } from './VersionFields';
import styles from './creator.module.css';

const MAX_TAGS = 20;
const STEPS = ['creator.step.type', 'creator.step.file', 'creator.step.policies', 'creator.step.info'];
const FIRST_VERSION_RULE = { kind: 'choose' } as const;

const newDraft = (): ResourceDraftData => ({
  step: 1,
  version: FIRST_VERSION,
  description: '',
  customPropertyDescriptors: [],
  dependencies: [],
  contracts: {},
  upcasts: [],
  resourceTitle: '',
  intro: '',
  tags: [],
  coverImages: [],
  policies: [],
});

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * /resource/creator: type and name (the resource is created on leaving that step, so a taken name
 * shows at once) → file, properties, dependencies → policies → title, intro, tags, cover; then
 * publish. From step 2 on, the wizard is the draft of the resource's first version, saved on the
 * server; `?resourceId=` resumes it.
 */
export function ResourceCreatorPage() {
  const t = useT();
  const [language] = useLanguage();
  const api = useApiClient();
  const navigate = useNavigate();
  const user = useLoggedInUser();
  const { types } = useCatalogue({ categories: false });
  const [searchParams, setSearchParams] = useSearchParams();
  const resourceId = searchParams.get('resourceId') ?? undefined;
  const [resource, setResource] = useState<PublishingResource | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [typeCode, setTypeCode] = useState<string>();
  const [name, setName] = useState('');
  const [earlyFile, setEarlyFile] = useState<File | null>(null);
  const [draft, setDraft] = useState<ResourceDraftData | null>(null);
  const [edited, setEdited] = useState(false);
  const [viewingStepOne, setViewingStepOne] = useState(false);
  const [addingPolicy, setAddingPolicy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const plan = useVersionPlan(draft?.dependencies);
  const saved = useDraftAutosave(resource?.resourceId, draft, edited);
  useDocumentTitle(t('creator.heading'));
  const leavePrompt = useLeavePrompt(resource ? saved.pending : Boolean(typeCode || name), t('creator.leave'));
  const step = !resource || !draft || viewingStepOne ? 0 : draft.step;
  const resourceTypeCode = resource?.resourceTypeCode ?? typeCode;
  const tagSuggestions = useTagSuggestions(resourceTypeCode);

  // Reopening ?resourceId= of an unreleased resource resumes its draft at the saved step.
  useEffect(() => {
    if (!resourceId || resource?.resourceId === resourceId) return;
    const controller = new AbortController();
    Promise.all([
      fetchPublishingResource(api, resourceId, controller.signal),
      fetchVersionDraft<ResourceDraftData>(api, resourceId, controller.signal),
    ]).then(
      ([loaded, stored]) => {
        setResource(loaded);
        if (!loaded.latestVersion) setDraft({ ...newDraft(), ...stored });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setLoadFailure(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [api, resourceId, resource?.resourceId]);

  const loading = Boolean(resourceId) && resource?.resourceId !== resourceId;
  const released = Boolean(resource?.latestVersion) && !submitting;
  if (loading || released || loadFailure) {
    return (
      <PageContainer>
        <h1>{t('creator.heading')}</h1>
        {loadFailure ? (
          <StatusPanel tone="error" title={loadFailure} />
        ) : (
          loading && <StatusPanel tone="loading" title={t('common.loading')} />
        )}
        {!loading && released && resource && (
          <StatusPanel
            tone="empty"
            title={t('creator.alreadyReleased', { name: resource.resourceName })}
            actions={
              <Link to={routes.resourceVersionCreator(resource.resourceId)}>{t('creator.toVersionCreator')}</Link>
            }
          />
        )}
      </PageContainer>
    );
  }

  const change = (patch: Partial<ResourceDraftData>) => {
    setEdited(true);
    setDraft((current) => (current ? { ...current, ...patch } : current));
  };
  const goTo = (next: number) => {
    setError(null);
    if (next === 0) return setViewingStepOne(true);
    setViewingStepOne(false);
    change({ step: next });
  };

  const typeOptions = types.map((group) => ({
    label: nameIn(group, language),
    options: [group, ...(group.children ?? [])].map((type) => ({ value: type.code, label: nameIn(type, language) })),
  }));
  const typeName = typeOptions
    .flatMap((group) => group.options)
    .find((option) => option.value === resourceTypeCode)?.label;

  /** Leaving step 1 the first time creates the resource with its type and name, nothing else. */
  const leaveStepOne = async () => {
    if (resource) return goTo(draft?.step && draft.step > 0 ? draft.step : 1);
    if (!typeCode) return;
    setSubmitting(true);
    setError(null);
    try {
      const created = await createResource(api, { name: name.trim(), resourceTypeCode: typeCode });
      setResource({ ...created, baseUpcastResources: [] });
      setDraft(newDraft());
      setSearchParams({ resourceId: created.resourceId }, { replace: true });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const leaveFileStep = () => {
    if (!draft) return;
    const problem = versionDraftProblem(draft, plan.candidates, FIRST_VERSION_RULE);
    if (problem) return setError(t(problem.key, problem.params));
    goTo(2);
  };

  const publish = async () => {
    if (!resource || !draft) return;
    setSubmitting(true);
    setError(null);
    try {
      const request = await checkedVersionRequest(
        api,
        t,
        resource.resourceId,
        draft,
        plan.candidates,
        FIRST_VERSION_RULE,
      );
      // Policies already bound (an earlier attempt) are not added twice.
      const addPolicies = draft.policies.filter(
        (policy) => !resource.policies.some((bound) => bound.policyName === policy.policyName),
      );
      const updated = await updateResource(api, resource.resourceId, {
        resourceTitle: draft.resourceTitle.trim() || undefined,
        intro: draft.intro.trim(),
        tags: draft.tags,
        coverImages: draft.coverImages,
        ...(addPolicies.length > 0 ? { addPolicies } : {}),
      });
      setResource({ ...resource, ...updated });
      await createVersion(api, resource.resourceId, request);
      leavePrompt.release();
      void navigate(routes.result.resourceCreateSuccess(resource.resourceId));
    } catch (failure) {
      setError(messageOf(failure));
      setSubmitting(false);
    }
  };

  const stepOne = resource ? (
    <div key="type" className={styles.form}>
      <p>{t('creator.createdAs', { type: typeName ?? resource.resourceTypeCode, name: resource.resourceName })}</p>
      <p className={styles.hint}>{t('creator.createdHint')}</p>
    </div>
  ) : (
    <div key="type" className={styles.form}>
      <label>
        {t('creator.type')}
        <Select
          aria-label={t('creator.type')}
          style={{ minWidth: 240 }}
          value={typeCode}
          options={typeOptions}
          onChange={setTypeCode}
        />
      </label>
      <div className={styles.field}>
        <span>{t('creator.name')}</span>
        <Space.Compact>
          <span className={styles.namePrefix}>{`${user.username}/`}</span>
          <Input aria-label={t('creator.name')} value={name} onChange={(event) => setName(event.target.value)} />
        </Space.Compact>
        <NameSuggestions
          current={name}
          wanted={[earlyFile ? baseNameOf(earlyFile.name) : '', typeName ?? '']}
          onPick={setName}
        />
      </div>
      {name && !isResourceName(name.trim()) && <p role="alert">{t('creator.nameInvalid')}</p>}
      <div className={styles.field}>
        <span>{t('creator.file.early')}</span>
        <FilePickButton label={t('creator.file.earlyChoose')} name={t('creator.file.early')} onPick={setEarlyFile} />
      </div>
      <p className={styles.hint}>{t('creator.file.earlyHint')}</p>
    </div>
  );

  const panels = draft
    ? [
        stepOne,
        <VersionFields
          key="file"
          resourceId={resource?.resourceId}
          draft={draft}
          change={change}
          plan={plan}
          rule={FIRST_VERSION_RULE}
          initialFile={earlyFile}
        />,
        <div key="policies" className={styles.form}>
          <p className={styles.hint}>{t('creator.policies.why')}</p>
          <PolicyList
            policies={draft.policies}
            onRemove={(policy) => change({ policies: draft.policies.filter((item) => item !== policy) })}
          />
          <Button onClick={() => setAddingPolicy(true)} style={{ alignSelf: 'flex-start' }}>
            {t('creator.policies.add')}
          </Button>
          {addingPolicy && (
            <LazyPolicyEditorDialog
              takenNames={[...draft.policies, ...(resource?.policies ?? [])].map((policy) => policy.policyName)}
              onSave={(policy) => change({ policies: [...draft.policies, policy] })}
              onClose={() => setAddingPolicy(false)}
            />
          )}
        </div>,
        <div key="info" className={styles.form}>
          <label>
            {t('creator.title')}
            <Input
              value={draft.resourceTitle}
              placeholder={resource?.resourceName.split('/')[1]}
              onChange={(event) => change({ resourceTitle: event.target.value })}
            />
          </label>
          <label>
            {t('creator.intro')}
            <Input.TextArea value={draft.intro} onChange={(event) => change({ intro: event.target.value })} />
          </label>
          <label>
            {t('creator.tags', { limit: MAX_TAGS })}
            <Select
              mode="tags"
              aria-label={t('creator.tags', { limit: MAX_TAGS })}
              style={{ minWidth: 240 }}
              value={draft.tags}
              maxCount={MAX_TAGS}
              options={tagSuggestions.map((tag) => ({ value: tag, label: tag }))}
              onChange={(tags: string[]) => change({ tags })}
            />
          </label>
          <CoverField
            value={draft.coverImages[0]}
            onChange={(cover) => change({ coverImages: cover ? [cover] : [] })}
          />
        </div>,
      ]
    : [stepOne];

  const canGoOn = [
    Boolean(resource) || (Boolean(typeCode) && isResourceName(name.trim())),
    Boolean(draft?.fileSha1) && draft?.version.trim() !== '',
    true,
    true,
  ][step];
  const next = [() => void leaveStepOne(), leaveFileStep, () => goTo(3)][step];

  return (
    <PageContainer>
      <h1>{t('creator.heading')}</h1>
      <Steps className={styles.steps} current={step} items={STEPS.map((key) => ({ title: t(key) }))} />
      {resource && <DraftStatus {...saved} />}
      {panels[step]}
      {error && <Alert type="error" role="alert" title={error} data-testid="creator-error" />}
      <div className={styles.actions}>
        {step > 0 && <Button onClick={() => goTo(step - 1)}>{t('creator.back')}</Button>}
        {step < STEPS.length - 1 ? (
          <Button type="primary" disabled={!canGoOn} loading={submitting} onClick={next}>
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
