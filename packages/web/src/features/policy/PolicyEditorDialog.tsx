import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { compilePolicy, SubjectType, type PolicySubjectType } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { errorMessage } from '../../shared/api';
import { PolicyEditor } from './PolicyEditor';
import { POLICY_NAME_MAX_LENGTH, POLICY_NAME_MIN_LENGTH, policyNameProblem } from './policy-name';
import styles from './PolicyEditorDialog.module.css';

export type PolicyDraft = { policyName: string; policyText: string };

export type PolicyEditorDialogProps = {
  subjectType?: PolicySubjectType;
  /** Names the subject's policies already have: a new name must differ from them (letter case aside). */
  takenNames?: readonly string[];
  initialName?: string;
  initialText?: string;
  /** The dialog title (default: "Add a policy"). */
  title?: string;
  /**
   * Called with a valid name and a policy that compiles; may be async. Return (or resolve) to close
   * the dialog; return a string (the server's answer, say) or throw to keep it open and show that.
   */
  onSave: (draft: PolicyDraft) => unknown;
  /** After a successful save, and when the person leaves (confirming first if something was typed). */
  onClose: () => void;
};

type NameForm = { policyName: string };

/** "Add a policy": a name and the policy editor, with a question before unsaved work is dropped. */
export function PolicyEditorDialog({
  subjectType = SubjectType.Resource,
  takenNames = [],
  initialName = '',
  initialText = '',
  title,
  onSave,
  onClose,
}: PolicyEditorDialogProps) {
  const t = useT();
  const [form] = Form.useForm<NameForm>();
  const [text, setText] = useState(initialText);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const requestClose = () => {
    // Read from the form at the moment of leaving: a watched value can lag one tick behind the last keystroke.
    const name: string = form.getFieldValue('policyName') ?? initialName;
    if (name === initialName && text === initialText) return onClose();
    void modal.confirm({
      title: t('policyEditor.dialog.discard.title'),
      content: t('policyEditor.dialog.discard.body'),
      okText: t('policyEditor.dialog.discard.ok'),
      cancelText: t('policyEditor.dialog.discard.cancel'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  const save = async ({ policyName }: NameForm) => {
    setError(null);
    if (!compilePolicy(text, { subjectType }).ok) {
      setError(t('policyEditor.dialog.textInvalid'));
      return;
    }
    setPending(true);
    try {
      const refusal = await onSave({ policyName: policyName.trim(), policyText: text });
      if (typeof refusal === 'string') setError(refusal);
      else onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const formId = 'policy-editor-dialog';
  return (
    <Modal
      open
      width={1120}
      centered
      mask={{ closable: false }}
      title={title ?? t('policyEditor.dialog.title')}
      onCancel={requestClose}
      footer={[
        <Button key="cancel" onClick={requestClose}>
          {t('policyEditor.dialog.cancel')}
        </Button>,
        <Button key="save" type="primary" htmlType="submit" form={formId} loading={pending}>
          {t('policyEditor.dialog.save')}
        </Button>,
      ]}
    >
      {modalHolder}
      <Form<NameForm>
        form={form}
        name={formId}
        id={formId}
        layout="vertical"
        requiredMark={false}
        initialValues={{ policyName: initialName }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="policyName"
          label={t('policyEditor.dialog.name')}
          extra={t('policyEditor.dialog.nameHint', { min: POLICY_NAME_MIN_LENGTH, max: POLICY_NAME_MAX_LENGTH })}
          rules={[
            { required: true, whitespace: true, message: t('policyEditor.dialog.nameRequired') },
            {
              validator: (_rule, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const problem = policyNameProblem(value, takenNames);
                return problem
                  ? Promise.reject(new Error(t(problem, { min: POLICY_NAME_MIN_LENGTH, max: POLICY_NAME_MAX_LENGTH })))
                  : Promise.resolve();
              },
            },
          ]}
          className={styles.name}
        >
          <Input autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
      <PolicyEditor value={text} onChange={setText} subjectType={subjectType} label={t('policyEditor.dialog.policy')} />
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className={styles.error}
          title={error}
          data-testid="policy-dialog-error"
        />
      )}
    </Modal>
  );
}
