// The sign flow's dialog: node, policies per resource, exhibit name (issue 14).
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Modal, Radio, Tag } from 'antd';
import { isExhibitName, routes } from '@tessera/domain';
import { errorMessage, fieldErrorsOf, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import type { PolicyBinding, Resource } from './resources-api';
import { resourceQuery } from './resources-api';
import {
  createExhibit,
  defaultExhibitName,
  exhibitInNodeQuery,
  heldContractsQuery,
  ownNodesQuery,
  POLICIES_PER_RESOURCE,
  type OwnNode,
} from './sign-into-node-api';
import styles from './SignIntoNode.module.css';

type Step = 'node' | 'policies' | 'confirm';
const STEPS: readonly Step[] = ['node', 'policies', 'confirm'];

/** The resource and each base upcast, each with its enabled policies (upcasts read as they come). */
function useSubjects(resource: Resource) {
  const api = useApiClient();
  const upcasts = useQueries({
    queries: resource.baseUpcastResources.map((upcast) => resourceQuery(api, upcast.resourceId)),
  });
  const subjects = [resource, ...upcasts.flatMap((query) => (query.data ? [query.data] : []))];
  return {
    subjects,
    pending: upcasts.some((query) => query.isPending),
    error: upcasts.find((query) => query.isError)?.error ?? null,
  };
}

/** The three steps in a dialog: its own chunk, loaded when the user opens it. */
export function SignDialog({
  resource,
  version,
  onClose,
}: {
  resource: Resource;
  version: string;
  onClose: () => void;
}) {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('node');
  const [node, setNode] = useState<OwnNode | null>(null);
  const [chosen, setChosen] = useState<Record<string, string[]> | null>(null);
  const [name, setName] = useState(() => defaultExhibitName(resource.resourceName));
  const [tried, setTried] = useState(false);
  const { subjects, pending, error } = useSubjects(resource);
  const resourceIds = [resource.resourceId, ...resource.baseUpcastResources.map((upcast) => upcast.resourceId)];
  const held = useQuery({ ...heldContractsQuery(api, node?.nodeId ?? 0, resourceIds), enabled: node !== null });
  const exhibited = useQuery({
    ...exhibitInNodeQuery(api, node?.nodeId ?? 0, resource.resourceId),
    enabled: node !== null,
  });
  const create = useMutation({
    mutationFn: () =>
      createExhibit(api, {
        nodeId: node?.nodeId ?? 0,
        resourceId: resource.resourceId,
        version,
        presentableName: name,
        policies: policies,
      }),
    onSuccess: (exhibit) => void navigate(routes.nodeExhibitFormal(exhibit.presentableId)),
  });

  // Until the user ticks anything, the policies whose contracts the node already holds are chosen.
  const heldPolicyIds = (resourceId: string) =>
    (held.data ?? [])
      .filter((contract) => contract.subjectId === resourceId)
      .map((contract) => contract.policyId)
      .filter((policyId) =>
        enabledPolicies(subjects.find((item) => item.resourceId === resourceId)).some((p) => p.policyId === policyId),
      );
  const policies: Record<string, string[]> =
    chosen ??
    Object.fromEntries(resourceIds.map((resourceId) => [resourceId, [...new Set(heldPolicyIds(resourceId))]]));
  const countProblem = (resourceId: string) => {
    const count = policies[resourceId]?.length ?? 0;
    if (count < POLICIES_PER_RESOURCE.min) return t('exhibitsWeb.sign.policyMissing');
    if (count > POLICIES_PER_RESOURCE.max)
      return t('exhibitsWeb.sign.policyTooMany', { max: POLICIES_PER_RESOURCE.max });
    return null;
  };
  const nameProblem = isExhibitName(name.trim()) ? null : t('validation.exhibitName');
  const serverFields = fieldErrorsOf(create.error);

  const next = () => {
    setTried(true);
    if (step === 'node' && node && exhibited.isSuccess && exhibited.data === null) {
      setTried(false);
      setStep('policies');
    } else if (step === 'policies' && !pending && resourceIds.every((id) => countProblem(id) === null)) {
      setTried(false);
      setStep('confirm');
    } else if (step === 'confirm' && !nameProblem) {
      create.mutate();
    }
  };
  const back = () => {
    setTried(false);
    create.reset();
    setStep(STEPS[STEPS.indexOf(step) - 1] ?? 'node');
  };
  const toggle = (resourceId: string, policyId: string, on: boolean) => {
    create.reset();
    const current = policies[resourceId] ?? [];
    setChosen({ ...policies, [resourceId]: on ? [...current, policyId] : current.filter((id) => id !== policyId) });
  };

  return (
    <Modal
      open
      title={t('exhibitsWeb.sign.title', { name: resource.resourceName })}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <div className={styles.step} data-testid="sign-flow" data-step={step}>
        <h3 className={styles.stepTitle} aria-live="polite">
          {t('exhibitsWeb.sign.stepOf', {
            step: STEPS.indexOf(step) + 1,
            total: STEPS.length,
            name: t(`exhibitsWeb.sign.step.${step}`),
          })}
        </h3>
        {step === 'node' ? (
          <NodeStep
            node={node}
            onNode={(chosenNode) => {
              setNode(chosenNode);
              setChosen(null);
            }}
            exhibited={exhibited.data ?? null}
            checking={node !== null && exhibited.isPending}
            checkError={exhibited.isError ? errorMessage(exhibited.error) : null}
            tried={tried}
          />
        ) : null}
        {step === 'policies' ? (
          <PolicyStep
            subjects={subjects}
            resourceIds={resourceIds}
            pending={pending || held.isPending}
            error={error ?? held.error}
            chosen={policies}
            heldOf={(resourceId, policyId) =>
              (held.data ?? []).find(
                (contract) => contract.subjectId === resourceId && contract.policyId === policyId,
              ) ?? null
            }
            problemOf={(resourceId) => (tried ? countProblem(resourceId) : null)}
            onToggle={toggle}
          />
        ) : null}
        {step === 'confirm' ? (
          <ConfirmStep
            node={node}
            version={version}
            subjects={subjects}
            chosen={policies}
            name={name}
            onName={(value) => {
              create.reset();
              setName(value);
            }}
            nameProblem={(tried ? nameProblem : null) ?? serverFields.get('presentableName') ?? null}
            failure={create.isError && !serverFields.has('presentableName') ? errorMessage(create.error) : null}
          />
        ) : null}
        <div className={styles.footer}>
          {step === 'node' ? (
            <Button onClick={onClose}>{t('exhibitsWeb.sign.cancel')}</Button>
          ) : (
            <Button onClick={back}>{t('exhibitsWeb.sign.back')}</Button>
          )}
          <Button type="primary" onClick={next} loading={create.isPending}>
            {t(step === 'confirm' ? 'exhibitsWeb.sign.create' : 'exhibitsWeb.sign.next')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

const enabledPolicies = (resource: Resource | undefined): PolicyBinding[] =>
  (resource?.policies ?? []).filter((policy) => policy.status === 1);

function NodeStep({
  node,
  onNode,
  exhibited,
  checking,
  checkError,
  tried,
}: {
  node: OwnNode | null;
  onNode: (node: OwnNode) => void;
  exhibited: { presentableId: string; presentableName: string } | null;
  checking: boolean;
  checkError: string | null;
  tried: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  const nodes = useQuery(ownNodesQuery(api));
  const creatorLink = <Link to={routes.nodeCreator()}>{t('exhibitsWeb.sign.createNode')}</Link>;

  if (nodes.isPending) return <p role="status">{t('exhibitsWeb.sign.nodesLoading')}</p>;
  if (nodes.isError) {
    return (
      <Alert
        type="error"
        role="alert"
        title={t('exhibitsWeb.sign.nodesError')}
        description={errorMessage(nodes.error)}
        action={<Button onClick={() => void nodes.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (nodes.data.length === 0) {
    return (
      <div role="status" data-testid="sign-no-nodes">
        <p>{t('exhibitsWeb.sign.noNodes')}</p>
        {creatorLink}
      </div>
    );
  }
  return (
    <>
      <fieldset className={styles.group}>
        <legend>{t('exhibitsWeb.sign.chooseNode')}</legend>
        <Radio.Group
          value={node?.nodeId}
          onChange={(event) => {
            const picked = nodes.data.find((item) => item.nodeId === event.target.value);
            if (picked) onNode(picked);
          }}
          className={styles.step}
          options={nodes.data.map((item) => ({ value: item.nodeId, label: `${item.nodeName} (${item.nodeDomain})` }))}
        />
      </fieldset>
      {creatorLink}
      {checking ? <p role="status">{t('exhibitsWeb.sign.checking')}</p> : null}
      {checkError ? <Alert type="error" role="alert" title={checkError} /> : null}
      {exhibited ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="sign-already-exhibited"
          title={t('exhibitsWeb.sign.already', { node: node?.nodeName ?? '', name: exhibited.presentableName })}
          description={
            <Link to={routes.nodeExhibitFormal(exhibited.presentableId)}>{t('exhibitsWeb.sign.openExhibit')}</Link>
          }
        />
      ) : null}
      {tried && !node ? (
        <p role="alert" className={styles.problem}>
          {t('exhibitsWeb.sign.nodeMissing')}
        </p>
      ) : null}
    </>
  );
}

function PolicyStep({
  subjects,
  resourceIds,
  pending,
  error,
  chosen,
  heldOf,
  problemOf,
  onToggle,
}: {
  subjects: Resource[];
  resourceIds: string[];
  pending: boolean;
  error: unknown;
  chosen: Record<string, string[]>;
  heldOf: (resourceId: string, policyId: string) => { contractName: string } | null;
  problemOf: (resourceId: string) => string | null;
  onToggle: (resourceId: string, policyId: string, on: boolean) => void;
}) {
  const t = useT();
  if (error)
    return (
      <Alert type="error" role="alert" title={t('exhibitsWeb.sign.policiesError')} description={errorMessage(error)} />
    );
  if (pending) return <p role="status">{t('exhibitsWeb.sign.policiesLoading')}</p>;
  return (
    <>
      <p>{t('exhibitsWeb.sign.policiesLead', { max: POLICIES_PER_RESOURCE.max })}</p>
      {resourceIds.map((resourceId) => {
        const subject = subjects.find((item) => item.resourceId === resourceId);
        const enabled = enabledPolicies(subject);
        const problem = problemOf(resourceId);
        return (
          <fieldset key={resourceId} className={styles.group} data-testid="sign-resource">
            <legend>{subject?.resourceName ?? resourceId}</legend>
            {enabled.length === 0 ? <p>{t('exhibitsWeb.sign.noPolicies')}</p> : null}
            {enabled.map((policy) => {
              const contract = heldOf(resourceId, policy.policyId);
              return (
                <div key={policy.policyId} className={styles.option}>
                  <Checkbox
                    checked={chosen[resourceId]?.includes(policy.policyId) ?? false}
                    onChange={(event) => onToggle(resourceId, policy.policyId, event.target.checked)}
                  >
                    {policy.policyName}
                  </Checkbox>
                  {policy.isFree === 1 ? <Tag color="green">{t('resourcesPage.price.free')}</Tag> : null}
                  {policy.isFree === 0 ? <Tag color="gold">{t('resourcesPage.price.paid')}</Tag> : null}
                  {contract ? (
                    <Tag color="blue" data-testid="sign-held">
                      {t('exhibitsWeb.sign.held')}
                    </Tag>
                  ) : null}
                </div>
              );
            })}
            {problem ? (
              <p role="alert" className={styles.problem}>
                {problem}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </>
  );
}

function ConfirmStep({
  node,
  version,
  subjects,
  chosen,
  name,
  onName,
  nameProblem,
  failure,
}: {
  node: OwnNode | null;
  version: string;
  subjects: Resource[];
  chosen: Record<string, string[]>;
  name: string;
  onName: (name: string) => void;
  nameProblem: string | null;
  failure: string | null;
}) {
  const t = useT();
  const id = useId();
  return (
    <>
      <dl>
        <div>
          <dt>{t('exhibitsWeb.sign.node')}</dt>
          <dd>{node?.nodeName}</dd>
        </div>
        {version ? (
          <div>
            <dt>{t('exhibitsWeb.sign.version')}</dt>
            <dd>{version}</dd>
          </div>
        ) : null}
        {Object.entries(chosen).map(([resourceId, policyIds]) => {
          const subject = subjects.find((item) => item.resourceId === resourceId);
          const names = (subject?.policies ?? [])
            .filter((policy) => policyIds.includes(policy.policyId))
            .map((policy) => policy.policyName);
          return (
            <div key={resourceId}>
              <dt>{subject?.resourceName ?? resourceId}</dt>
              <dd>{names.join(t('exhibitsWeb.sign.listSeparator'))}</dd>
            </div>
          );
        })}
      </dl>
      <label htmlFor={`${id}-name`}>{t('exhibitsWeb.sign.name')}</label>
      <Input
        id={`${id}-name`}
        value={name}
        onChange={(event) => onName(event.target.value)}
        status={nameProblem ? 'error' : undefined}
        aria-invalid={nameProblem ? true : undefined}
        aria-describedby={nameProblem ? `${id}-problem` : undefined}
      />
      {nameProblem ? (
        <p id={`${id}-problem`} role="alert" className={styles.problem}>
          {nameProblem}
        </p>
      ) : null}
      {failure ? (
        <Alert type="error" showIcon role="alert" title={t('exhibitsWeb.sign.refused')} description={failure} />
      ) : null}
    </>
  );
}
