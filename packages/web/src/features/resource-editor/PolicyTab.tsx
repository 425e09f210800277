import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PolicyBindingWire } from '@tessera/contract/resources';
import { errorMessage } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useResourceChange } from '../creator';
import { LazyPolicyEditorDialog, type PolicyDraft } from '../policy';
import { PolicyList } from '../resources';
import type { TabProps } from './tab-props';
import styles from './ResourceEditor.module.css';

type ChangeState =
  | { kind: 'idle' }
  | { kind: 'busy'; policyId: string }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; reason: string };

/**
 * The policies in plain words with their code, each enabled or disabled here (disabling asks first:
 * nobody can sign it any more, signed contracts stay), and new ones added with the policy editor.
 */
export function PolicyTab({ resource, readOnly }: TabProps) {
  const t = useT();
  const changes = useResourceChange(resource.resourceId);
  const [adding, setAdding] = useState(false);
  const [state, setState] = useState<ChangeState>({ kind: 'idle' });
  const [modal, modalHolder] = Modal.useModal();

  const change = async (policy: PolicyBindingWire, status: 0 | 1) => {
    setState({ kind: 'busy', policyId: policy.policyId });
    try {
      // The server refuses to disable the last enabled policy of an online resource.
      await changes.mutateAsync({ updatePolicies: [{ policyId: policy.policyId, status }] });
      setState({
        kind: 'done',
        message: t(status === 1 ? 'resourceEditor.policy.enabled' : 'resourceEditor.policy.disabled', {
          name: policy.policyName,
        }),
      });
    } catch (failure) {
      setState({ kind: 'refused', reason: errorMessage(failure) });
    }
  };

  const toggle = (policy: PolicyBindingWire) => {
    if (policy.status !== 1) return void change(policy, 1);
    void modal.confirm({
      title: t('resourceEditor.policy.disableTitle', { name: policy.policyName }),
      content: t('resourceEditor.policy.disableBody'),
      okText: t('resourceEditor.policy.disable'),
      okButtonProps: { danger: true },
      cancelText: t('resourceEditor.cancel'),
      onOk: () => change(policy, 0),
    });
  };

  /** A new policy is bound enabled; a refusal's reason shows in the dialog. */
  const save = async (draft: PolicyDraft) => {
    try {
      await changes.mutateAsync({ addPolicies: [{ ...draft, status: 1 }] });
      setState({ kind: 'done', message: t('resourceEditor.policy.added', { name: draft.policyName }) });
      return undefined;
    } catch (failure) {
      return errorMessage(failure);
    }
  };

  const actions = (policy: PolicyBindingWire) => (
    <Button
      size="small"
      danger={policy.status === 1}
      loading={state.kind === 'busy' && state.policyId === policy.policyId}
      onClick={() => toggle(policy)}
      aria-label={t(policy.status === 1 ? 'resourceEditor.policy.disableNamed' : 'resourceEditor.policy.enableNamed', {
        name: policy.policyName,
      })}
    >
      {t(policy.status === 1 ? 'resourceEditor.policy.disable' : 'resourceEditor.policy.enable')}
    </Button>
  );

  return (
    <div className={styles.policies}>
      {modalHolder}
      <p className={styles.lead}>{t('resourceEditor.policy.lead')}</p>
      {readOnly ? null : (
        <div className={styles.formActions}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('resourceEditor.policy.add')}
          </Button>
          <span role="status" className={styles.saved}>
            {state.kind === 'done' ? state.message : null}
          </span>
        </div>
      )}
      {state.kind === 'refused' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('resourceEditor.policy.refused')}
          description={state.reason}
          data-testid="policy-refusal"
        />
      ) : null}
      {resource.policies.length === 0 ? (
        <StatusPanel
          tone="empty"
          title={t('resourceEditor.policy.none')}
          description={t('resourceEditor.policy.noneHint')}
          testId="policies-empty"
        />
      ) : (
        <PolicyList policies={resource.policies} isOwner actions={readOnly ? undefined : actions} />
      )}
      {adding ? (
        <LazyPolicyEditorDialog
          takenNames={resource.policies.map((policy) => policy.policyName)}
          onSave={save}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
