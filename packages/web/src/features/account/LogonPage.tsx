import { Button, Form, Input } from 'antd';
import { routes } from '@tessera/domain';
import { hasSignedInCookie } from '../../app/layout/use-current-user';
import { useApiClient } from '../../shared/api';
import { browserLocation } from '../../shared/browser/location';
import { useT } from '../../shared/i18n';
import { login, register } from './account-api';
import { useAccountRules } from './account-rules';
import { AddressField, NewPasswordFields } from './AccountFields';
import { AccountFrame } from './AccountFrame';
import { AccountLink } from './AccountLinks';
import { CodeSendingField } from './CodeSendingField';
import { FieldAnnouncer, FormFeedback } from './FormFeedback';
import { useFieldAnnouncer } from './use-field-announcer';
import { useFormSubmission } from './use-form-submission';
import { useGoTo } from './use-go-to';

interface LogonValues {
  loginName: string;
  authCode: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** /logon?goTo: sign up with an e-mail address or a mobile number and a code sent there. */
export function LogonPage() {
  const t = useT();
  const api = useApiClient();
  const rules = useAccountRules();
  const { goTo, target } = useGoTo();
  const [form] = Form.useForm<LogonValues>();
  const { pending, error, run } = useFormSubmission(form);
  const announcer = useFieldAnnouncer();

  async function signUp(values: LogonValues) {
    const account = { loginName: values.loginName.trim(), password: values.password };
    const result = await run(() =>
      register(api, { ...account, username: values.username.trim(), authCode: values.authCode.trim() }),
    );
    if (!result.ok) return;
    // Should the server not sign the new account in itself, sign in with what was just chosen.
    if (!hasSignedInCookie()) await login(api, { ...account, remember: false }).catch(() => undefined);
    browserLocation.replace(target);
  }

  return (
    <AccountFrame
      title={t('account.logon.title')}
      lead={t('account.logon.lead')}
      footer={<AccountLink question={t('account.logon.haveAccount')} label={t('account.logon.toLogin')} to={routes.login({ goTo })} />}
    >
      <FormFeedback error={error} />
      <Form<LogonValues>
        form={form}
        name="logon"
        layout="vertical"
        requiredMark={false}
        initialValues={{ loginName: '', authCode: '', username: '', password: '', confirmPassword: '' }}
        onFinish={(values) => void signUp(values)}
        onFieldsChange={announcer.onFieldsChange}
      >
        <AddressField />
        <CodeSendingField authCodeType="register" />
        <Form.Item name="username" label={t('account.field.username')} rules={rules.username}>
          <Input autoComplete="nickname" spellCheck={false} size="large" maxLength={30} />
        </Form.Item>
        <NewPasswordFields label="account.field.password" />
        <Button type="primary" htmlType="submit" size="large" block loading={pending} disabled={pending} autoInsertSpace={false}>
          {t('account.logon.submit')}
        </Button>
      </Form>
      <FieldAnnouncer message={announcer.message} />
    </AccountFrame>
  );
}
