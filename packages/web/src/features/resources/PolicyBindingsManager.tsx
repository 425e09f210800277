import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PolicyBindingWire } from '@tessera/contract/resources';
import type { PolicySubjectType } from '@tessera/domain';
import { errorMessage } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { LazyPolicyEditorDialog, type PolicyDraft } from '../policy';
import { PolicyList } from './ResourceSections';
import styles from './PolicyBindingsManager.module.css';

/** One change to a subject's policies, as the resource and exhibit update calls both take it. */
export type PolicyBindingsChange =
  { updatePolicies: { policyId: string; status: 0 | 1 }[] } | { addPolicies: (PolicyDraft & { status: 1 })[] };

export interface PolicyBindingsManagerProps {
  policies: PolicyBindingWire[];
  /** Sends one change; a refusal is an error whose message is shown. */
  apply: (change: PolicyBindingsChange) => Promise<unknown>;
  subjectType?: PolicySubjectType;
  /** Frozen: the policies show, nothing changes. */
  readOnly?: boolean;
  /** The subject's own words: what its policies are for, and what to do while there are none. */
  texts: { lead: string; none: string; noneHint: string };
  /** Test ids of the empty panel and the refusal, kept per subject. */
  testIds: { empty: string; refusal: string };
}

type ChangeState =
  | { kind: 'idle' }
  | { kind: 'busy'; policyId: string }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; reason: string };

/**
 * A resource's or an exhibit's policies in plain words with their code, each enabled or disabled here
 * (disabling asks first: nobody can sign it any more, signed contracts stay), new ones added with the
 * policy editor and bound enabled.
 */
export function PolicyBindingsManager({
  policies,
  apply,
  subjectType,
  readOnly = false,
  texts,
  testIds,
}: PolicyBindingsManagerProps) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [state, setState] = useState<ChangeState>({ kind: 'idle' });
  const [modal, modalHolder] = Modal.useModal();

  const change = async (policy: PolicyBindingWire, status: 0 | 1) => {
    setState({ kind: 'busy', policyId: policy.policyId });
    try {
      // Online, the server keeps at least one policy enabled and says so.
      await apply({ updatePolicies: [{ policyId: policy.policyId, status }] });
      const done = status === 1 ? 'resourcesPage.policyBindings.enabled' : 'resourcesPage.policyBindings.disabled';
      setState({ kind: 'done', message: t(done, { name: policy.policyName }) });
    } catch (failure) {
      setState({ kind: 'refused', reason: errorMessage(failure) });
    }
  };

  const toggle = (policy: PolicyBindingWire) => {
    if (policy.status !== 1) return void change(policy, 1);
    void modal.confirm({
      title: t('resourcesPage.policyBindings.disableTitle', { name: policy.policyName }),
      content: t('resourcesPage.policyBindings.disableBody'),
      okText: t('resourcesPage.policyBindings.disable'),
      okButtonProps: { danger: true },
      cancelText: t('resourcesPage.policyBindings.cancel'),
      onOk: () => change(policy, 0),
    });
  };

  /** A refusal's reason shows in the dialog, which stays open. */
  const save = async (draft: PolicyDraft) => {
    try {
      await apply({ addPolicies: [{ ...draft, status: 1 }] });
      setState({ kind: 'done', message: t('resourcesPage.policyBindings.added', { name: draft.policyName }) });
      return undefined;
    } catch (failure) {
      return errorMessage(failure);
    }
  };

  const actions = (policy: PolicyBindingWire) => {
    const enabled = policy.status === 1;
    return (
      <Button
        size="small"
        danger={enabled}
        loading={state.kind === 'busy' && state.policyId === policy.policyId}
        onClick={() => toggle(policy)}
        aria-label={t(
          enabled ? 'resourcesPage.policyBindings.disableNamed' : 'resourcesPage.policyBindings.enableNamed',
          { name: policy.policyName },
        )}
      >
        {t(enabled ? 'resourcesPage.policyBindings.disable' : 'resourcesPage.policyBindings.enable')}
      </Button>
    );
  };

  return (
    <div className={styles.manager}>
      {modalHolder}
      <p className={styles.lead}>{texts.lead}</p>
      {readOnly ? null : (
        <div className={styles.actions}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('resourcesPage.policyBindings.add')}
          </Button>
          <span role="status" className={styles.done}>
            {state.kind === 'done' ? state.message : null}
          </span>
        </div>
      )}
      {state.kind === 'refused' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('resourcesPage.policyBindings.refused')}
          description={state.reason}
          data-testid={testIds.refusal}
        />
      ) : null}
      {policies.length === 0 ? (
        <StatusPanel tone="empty" title={texts.none} description={texts.noneHint} testId={testIds.empty} />
      ) : (
        <PolicyList policies={policies} isOwner actions={readOnly ? undefined : actions} />
      )}
      {adding ? (
        <LazyPolicyEditorDialog
          subjectType={subjectType}
          takenNames={policies.map((policy) => policy.policyName)}
          onSave={save}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
