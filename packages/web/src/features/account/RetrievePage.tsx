import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { resetPassword } from './account-api';
import { AddressField, NewPasswordFields } from './AccountFields';
import { AccountFrame } from './AccountFrame';
import { AccountLink } from './AccountLinks';
import { CodeSendingField } from './CodeSendingField';
import { FieldAnnouncer, FormFeedback } from './FormFeedback';
import { SubmitButton } from './SubmitButton';
import type { LoginPageState } from './LoginPage';
import { useFieldAnnouncer } from './use-field-announcer';
import { useFormSubmission } from './use-form-submission';
import { useGoTo } from './use-go-to';

interface RetrieveValues {
  loginName: string;
  authCode: string;
  password: string;
  confirmPassword: string;
}

/** /retrieve?goTo: a code to the account's address, then a new password; then sign in again. */
export function RetrievePage() {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const { goTo } = useGoTo();
  const [form] = Form.useForm<RetrieveValues>();
  const { pending, error, run, clear } = useFormSubmission(form);
  const announcer = useFieldAnnouncer();

  async function reset({ loginName, authCode, password }: RetrieveValues) {
    const result = await run(() => resetPassword(api, loginName.trim(), { password, authCode: authCode.trim() }));
    if (!result.ok) return;
    const state: LoginPageState = { passwordReset: true };
    void navigate(routes.login({ goTo }), { state });
  }

  return (
    <AccountFrame
      title={t('account.retrieve.title')}
      lead={t('account.retrieve.lead')}
      footer={<AccountLink label={t('account.retrieve.backToLogin')} to={routes.login({ goTo })} />}
    >
      <FormFeedback error={error} />
      <Form<RetrieveValues>
        form={form}
        name="retrieve"
        layout="vertical"
        requiredMark={false}
        initialValues={{ loginName: '', authCode: '', password: '', confirmPassword: '' }}
        onFinish={(values) => void reset(values)}
        onFinishFailed={clear}
        onFieldsChange={announcer.onFieldsChange}
      >
        <AddressField />
        <CodeSendingField authCodeType="resetPassword" />
        <NewPasswordFields label="account.field.newPassword" />
        <SubmitButton pending={pending} block>
          {t('account.retrieve.submit')}
        </SubmitButton>
      </Form>
      <FieldAnnouncer message={announcer.message} />
    </AccountFrame>
  );
}
