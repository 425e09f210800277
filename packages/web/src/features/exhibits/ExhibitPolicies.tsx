import { useState } from 'react';
import { Alert, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PolicyBindingWire } from '@tessera/contract/resources';
import { SubjectType } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { LazyPolicyEditorDialog, type PolicyDraft } from '../policy';
import { PolicyList } from '../resources';
import { updateExhibit, type Exhibit } from './exhibits-api';
import { useExhibitChange } from './use-exhibit-change';
import type { UpdatePresentableBody } from '@tessera/contract/exhibits';
import styles from './ExhibitPage.module.css';

type Feedback = { kind: 'done'; message: string } | { kind: 'refused'; reason: string } | null;

/** The exhibit's policies (what consumers may sign), each enabled or disabled here; new ones with the editor. */
export function ExhibitPolicies({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const [adding, setAdding] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busyPolicy, setBusyPolicy] = useState('');
  const change = useExhibitChange(exhibit.presentableId, (body: UpdatePresentableBody) =>
    updateExhibit(api, exhibit.presentableId, body),
  );

  const toggle = async (policy: PolicyBindingWire) => {
    const status = policy.status === 1 ? 0 : 1;
    setBusyPolicy(policy.policyId);
    setFeedback(null);
    try {
      // Online, the server keeps at least one policy enabled and says so.
      await change.mutateAsync({ updatePolicies: [{ policyId: policy.policyId, status }] });
      setFeedback({
        kind: 'done',
        message: t(status === 1 ? 'exhibitsWeb.policies.enabled' : 'exhibitsWeb.policies.disabled', {
          name: policy.policyName,
        }),
      });
    } catch (failure) {
      setFeedback({ kind: 'refused', reason: errorMessage(failure) });
    } finally {
      setBusyPolicy('');
    }
  };

  /** A new policy is bound enabled; a refusal's reason shows in the dialog. */
  const save = async (draft: PolicyDraft) => {
    try {
      await change.mutateAsync({ addPolicies: [{ ...draft, status: 1 }] });
      setFeedback({ kind: 'done', message: t('exhibitsWeb.policies.added', { name: draft.policyName }) });
      return undefined;
    } catch (failure) {
      return errorMessage(failure);
    }
  };

  const actions = (policy: PolicyBindingWire) => (
    <Button
      size="small"
      danger={policy.status === 1}
      loading={busyPolicy === policy.policyId}
      onClick={() => void toggle(policy)}
      aria-label={t(policy.status === 1 ? 'exhibitsWeb.policies.disableNamed' : 'exhibitsWeb.policies.enableNamed', {
        name: policy.policyName,
      })}
    >
      {t(policy.status === 1 ? 'exhibitsWeb.policies.disable' : 'exhibitsWeb.policies.enable')}
    </Button>
  );

  return (
    <div>
      <p className={styles.muted}>{t('exhibitsWeb.policies.lead')}</p>
      <div className={styles.actions}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
          {t('exhibitsWeb.policies.add')}
        </Button>
        <span role="status">{feedback?.kind === 'done' ? feedback.message : null}</span>
      </div>
      {feedback?.kind === 'refused' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('exhibitsWeb.policies.refused')}
          description={feedback.reason}
          data-testid="exhibit-policy-refusal"
        />
      ) : null}
      {exhibit.policies.length === 0 ? (
        <StatusPanel
          tone="empty"
          title={t('exhibitsWeb.policies.none')}
          description={t('exhibitsWeb.policies.noneHint')}
          testId="exhibit-policies-empty"
        />
      ) : (
        <PolicyList policies={exhibit.policies} isOwner actions={actions} />
      )}
      {adding ? (
        <LazyPolicyEditorDialog
          subjectType={SubjectType.Exhibit}
          takenNames={exhibit.policies.map((policy) => policy.policyName)}
          onSave={save}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
