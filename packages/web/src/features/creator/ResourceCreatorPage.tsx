import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Space, Steps } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { isResourceName, routes } from '@tessera/domain';
import { bannerOf, errorMessage, fieldErrorsOf, useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from '../account';
import { LazyPolicyEditorDialog } from '../policy';
import { nameIn, useCatalogue } from '../resources';
import { CoverField } from './CoverField';
import { createResource, createVersion, updateResource } from './creator-api';
import { FieldProblem } from './FieldProblem';
import { baseNameOf, NameSuggestions } from './NameSuggestions';
import { PolicyList } from './PolicyList';
import { checkedVersionRequest } from './publish-version';
import { refreshResourceReads } from './resource-reads';
import { useCreatorStart } from './use-creator-start';
import { useDraftAutosave } from './use-draft-autosave';
import { useLeavePrompt } from './use-leave-prompt';
import { useTagSuggestions } from './use-tag-suggestions';
import { useVersionPlan } from './use-version-plan';
import { newResourceDraft, versionDraftProblem, type ResourceDraftData } from './version-draft';
import { DraftStatus, VERSION_FIELD_NAMES, VersionFields } from './VersionFields';
import styles from './creator.module.css';

const MAX_TAGS = 20;
const STEPS = ['creator.step.type', 'creator.step.file', 'creator.step.policies', 'creator.step.info'];
const FIRST_VERSION_RULE = { kind: 'choose' } as const;
/** The wire fields each step shows under their inputs; the banner says only what the step does not show. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ['name'],
  VERSION_FIELD_NAMES,
  [],
  ['resourceTitle', 'intro', 'tags', 'coverImages'],
];

/**
 * /resource/creator: type and name (the resource is created on leaving that step, so a taken name
 * shows at once) → file, properties, dependencies → policies → title, intro, tags, cover; then
 * publish. From step 2 on, the wizard is the draft of the resource's first version, saved on the
 * server; `?resourceId=` resumes it.
 */
export function ResourceCreatorPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const resourceId = searchParams.get('resourceId') ?? undefined;
  // The wizard that created the resource goes on with it; any other one is read with its draft.
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const resuming = resourceId !== undefined && resourceId !== createdHere ? resourceId : undefined;
  const start = useCreatorStart<ResourceDraftData>(resuming);
  useDocumentTitle(t('creator.heading'));

  if (!resuming) return <Wizard key="new" onCreated={setCreatedHere} />;
  if (start.isSuccess && !start.data.resource.latestVersion)
    return <Wizard key={resuming} resumed={start.data} onCreated={setCreatedHere} />;
  const released = start.data?.resource;
  return (
    <PageContainer>
      <h1>{t('creator.heading')}</h1>
      {start.isError ? (
        <StatusPanel tone="error" title={errorMessage(start.error)} />
      ) : released ? (
        <StatusPanel
          tone="empty"
          title={t('creator.alreadyReleased', { name: released.resourceName })}
          actions={<Link to={routes.resourceVersionCreator(released.resourceId)}>{t('creator.toVersionCreator')}</Link>}
        />
      ) : (
        <StatusPanel tone="loading" title={t('common.loading')} />
      )}
    </PageContainer>
  );
}

function Wizard({
  resumed,
  onCreated,
}: {
  /** An unreleased resource read again, with the draft saved for it. */
  resumed?: { resource: ResourceWire; draft: ResourceDraftData | null };
  onCreated: (resourceId: string) => void;
}) {
  const t = useT();
  const [language] = useLanguage();
  const api = useApiClient();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const user = useLoggedInUser();
  const { types } = useCatalogue({ categories: false });
  const [, setSearchParams] = useSearchParams();
  const [resource, setResource] = useState<ResourceWire | null>(resumed?.resource ?? null);
  const [typeCode, setTypeCode] = useState<string>();
  const [name, setName] = useState('');
  const [earlyFile, setEarlyFile] = useState<File | null>(null);
  const [draft, setDraft] = useState<ResourceDraftData | null>(() =>
    resumed ? { ...newResourceDraft(), ...resumed.draft } : null,
  );
  const [edited, setEdited] = useState(false);
  const [viewingStepOne, setViewingStepOne] = useState(false);
  const [addingPolicy, setAddingPolicy] = useState(false);
  /** What the page itself refuses before asking the server. */
  const [problem, setProblem] = useState<string | null>(null);
  const plan = useVersionPlan(draft?.dependencies);
  const saved = useDraftAutosave(resource?.resourceId, draft, edited);
  const leavePrompt = useLeavePrompt(resource ? saved.pending : Boolean(typeCode || name), t('creator.leave'));
  const step = !resource || !draft || viewingStepOne ? 0 : draft.step;
  const resourceTypeCode = resource?.resourceTypeCode ?? typeCode;
  // The button that moved on is gone with its step, and a closed policy dialog leaves nothing focused:
  // the focus goes to the new step (Tab then reaches its first field), or back to "Add a policy".
  const stepPanel = useRef<HTMLDivElement>(null);
  const addPolicyButton = useRef<HTMLButtonElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepPanel.current?.focus();
  }, [step]);
  const closePolicyDialog = () => {
    setAddingPolicy(false);
    setTimeout(() => addPolicyButton.current?.focus());
  };
  const tagSuggestions = useTagSuggestions(resourceTypeCode);

  /** Leaving step 1 the first time creates the resource with its type and name, nothing else. */
  const create = useMutation({
    mutationFn: (type: string) => createResource(api, name.trim(), type),
    onSuccess: (created) => {
      setResource({ ...created, baseUpcastResources: [] });
      setDraft(newResourceDraft());
      onCreated(created.resourceId);
      setSearchParams({ resourceId: created.resourceId }, { replace: true });
      void refreshResourceReads(queries);
    },
  });

  /** The version is checked first; then the resource gets its fields and policies, then its first version. */
  const publish = useMutation({
    mutationFn: async ({ current, data }: { current: ResourceWire; data: ResourceDraftData }) => {
      const request = await checkedVersionRequest(
        api,
        t,
        current.resourceId,
        data,
        plan.candidates,
        FIRST_VERSION_RULE,
      );
      // Policies already bound (an earlier attempt) are not added twice.
      const addPolicies = data.policies.filter(
        (policy) => !current.policies.some((bound) => bound.policyName === policy.policyName),
      );
      const updated = await updateResource(api, current.resourceId, {
        resourceTitle: data.resourceTitle.trim() || undefined,
        intro: data.intro.trim(),
        tags: data.tags,
        coverImages: data.coverImages,
        ...(addPolicies.length > 0 ? { addPolicies } : {}),
      });
      setResource({ ...current, ...updated });
      await createVersion(api, current.resourceId, request);
      return current.resourceId;
    },
    onSuccess: (publishedId) => {
      leavePrompt.release();
      void refreshResourceReads(queries);
      void navigate(routes.result.resourceCreateSuccess(publishedId));
    },
  });
  // Creating belongs to step 1 only: once the resource exists, nothing of it may keep the buttons busy.
  const submitting = (create.isPending && !resource) || publish.isPending;
  const failure = create.error ?? publish.error;
  const fieldErrors = fieldErrorsOf(failure);

  const change = (patch: Partial<ResourceDraftData>) => {
    setEdited(true);
    setDraft((current) => (current ? { ...current, ...patch } : current));
  };
  const goTo = (next: number) => {
    setProblem(null);
    create.reset();
    publish.reset();
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

  const leaveStepOne = () => {
    if (resource) return goTo(draft?.step && draft.step > 0 ? draft.step : 1);
    if (!typeCode) return;
    setProblem(null);
    create.mutate(typeCode);
  };

  const leaveFileStep = () => {
    if (!draft) return;
    const refused = versionDraftProblem(draft, plan.candidates, FIRST_VERSION_RULE);
    if (refused) return setProblem(t(refused.key, refused.params));
    goTo(2);
  };

  const startPublishing = () => {
    if (!resource || !draft) return;
    setProblem(null);
    publish.mutate({ current: resource, data: draft });
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
        <FieldProblem
          errors={fieldErrors}
          field="name"
          local={name && !isResourceName(name.trim()) ? t('creator.nameInvalid') : null}
        />
        <NameSuggestions current={name} wanted={earlyFile ? [baseNameOf(earlyFile.name)] : []} onPick={setName} />
      </div>
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
          resourceTypeCode={resourceTypeCode}
          draft={draft}
          change={change}
          plan={plan}
          rule={FIRST_VERSION_RULE}
          initialFile={earlyFile}
          fieldErrors={fieldErrors}
        />,
        <div key="policies" className={styles.form}>
          <p className={styles.hint}>{t('creator.policies.why')}</p>
          <PolicyList
            policies={draft.policies}
            onRemove={(policy) => change({ policies: draft.policies.filter((item) => item !== policy) })}
          />
          <Button ref={addPolicyButton} onClick={() => setAddingPolicy(true)} style={{ alignSelf: 'flex-start' }}>
            {t('creator.policies.add')}
          </Button>
          {addingPolicy && (
            <LazyPolicyEditorDialog
              takenNames={[...draft.policies, ...(resource?.policies ?? [])].map((policy) => policy.policyName)}
              onSave={(policy) => change({ policies: [...draft.policies, policy] })}
              onClose={closePolicyDialog}
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
          <FieldProblem errors={fieldErrors} field="resourceTitle" />
          <label>
            {t('creator.intro')}
            <Input.TextArea value={draft.intro} onChange={(event) => change({ intro: event.target.value })} />
          </label>
          <FieldProblem errors={fieldErrors} field="intro" />
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
          <FieldProblem errors={fieldErrors} field="tags" />
          <CoverField
            value={draft.coverImages[0]}
            onChange={(cover) => change({ coverImages: cover ? [cover] : [] })}
          />
          <FieldProblem errors={fieldErrors} field="coverImages" />
        </div>,
      ]
    : [stepOne];

  const error = problem ?? bannerOf(failure, STEP_FIELDS[step] ?? []);
  const canGoOn = [
    Boolean(resource) || (Boolean(typeCode) && isResourceName(name.trim())),
    Boolean(draft?.fileSha1) && draft?.version.trim() !== '',
    true,
    true,
  ][step];
  const next = [leaveStepOne, leaveFileStep, () => goTo(3)][step];

  return (
    <PageContainer>
      <h1>{t('creator.heading')}</h1>
      <Steps className={styles.steps} current={step} items={STEPS.map((key) => ({ title: t(key) }))} />
      {resource && <DraftStatus {...saved} />}
      <div
        ref={stepPanel}
        tabIndex={-1}
        role="group"
        aria-label={t(STEPS[step] ?? 'creator.step.type')}
        data-testid="creator-step"
        style={{ outline: 'none' }}
      >
        {panels[step]}
      </div>
      {error && <Alert type="error" role="alert" title={error} data-testid="creator-error" />}
      <div className={styles.actions}>
        {step > 0 && <Button onClick={() => goTo(step - 1)}>{t('creator.back')}</Button>}
        {step < STEPS.length - 1 ? (
          // One button per step, so a step never inherits another step's busy state.
          <Button key={step} type="primary" disabled={!canGoOn} loading={submitting} onClick={next}>
            {t('creator.next')}
          </Button>
        ) : (
          <Button type="primary" loading={submitting} onClick={startPublishing}>
            {t('creator.publish')}
          </Button>
        )}
      </div>
    </PageContainer>
  );
}
