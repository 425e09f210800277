import { useState } from 'react';
import { Form, Input } from 'antd';
import { useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { updatePassword } from '../account-api';
import { NewPasswordFields } from '../AccountFields';
import { useAccountRules } from '../account-rules';
import { FieldAnnouncer, FormFeedback } from '../FormFeedback';
import { SubmitButton } from '../SubmitButton';
import { useFieldAnnouncer } from '../use-field-announcer';
import { useFormSubmission } from '../use-form-submission';
import { SettingSection } from './SettingSection';
import styles from './SettingForm.module.css';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { oldPassword: '', password: '', confirmPassword: '' };

/** The current password and a new one; the server ends every other session of the account. */
export function PasswordSection() {
  const t = useT();
  const api = useApiClient();
  const rules = useAccountRules();
  const [form] = Form.useForm<PasswordValues>();
  const [notice, setNotice] = useState<string | null>(null);
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const announcer = useFieldAnnouncer();

  async function change({ oldPassword, password }: PasswordValues) {
    const result = await run(() => updatePassword(api, { oldPassword, newPassword: password }));
    if (!result.ok) return;
    form.resetFields();
    setNotice(t('account.setting.password.changed'));
  }

  return (
    <SettingSection title={t('account.setting.password')} testId="password-section">
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY}
        onFinish={(values) => void change(values)}
        onFinishFailed={clear}
        onValuesChange={() => setNotice(null)}
        onFieldsChange={announcer.onFieldsChange}
        className={styles.form}
      >
        <Form.Item name="oldPassword" label={t('account.setting.password.old')} rules={rules.currentPassword}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <NewPasswordFields label="account.field.newPassword" />
        <FormFeedback error={error} notice={notice} />
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('account.setting.password.submit')}</SubmitButton>
        </div>
      </Form>
      <FieldAnnouncer message={announcer.message} />
    </SettingSection>
  );
}
