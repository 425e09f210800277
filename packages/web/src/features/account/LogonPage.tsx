import { Alert, Form, Input } from 'antd';
import { useSearchParams } from 'react-router';
import { isHex24, routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { browserLocation } from '../../shared/browser/location';
import { useT } from '../../shared/i18n';
import { hasSignedInCookie } from '../../shared/session/signed-in-cookie';
import { registerOrBind } from '../third-party';
import { login, register } from './account-api';
import { useAccountRules } from './account-rules';
import { AddressField, NewPasswordFields } from './AccountFields';
import { AccountFrame } from './AccountFrame';
import { AccountLink } from './AccountLinks';
import { CodeSendingField } from './CodeSendingField';
import { FieldAnnouncer, FormFeedback } from './FormFeedback';
import { SubmitButton } from './SubmitButton';
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

/**
 * /logon?goTo&identityId: sign up with an e-mail address or a mobile number and a code sent there;
 * with a third-party identity (from /bind), the new account is linked to it as it signs in.
 */
export function LogonPage() {
  const t = useT();
  const api = useApiClient();
  const rules = useAccountRules();
  const { goTo, target } = useGoTo();
  const identityParam = useSearchParams()[0].get('identityId') ?? '';
  const identityId = isHex24(identityParam) ? identityParam : undefined;
  const [form] = Form.useForm<LogonValues>();
  const { pending, error, run, clear } = useFormSubmission(form);
  const announcer = useFieldAnnouncer();

  async function signUp(values: LogonValues) {
    const account = { loginName: values.loginName.trim(), password: values.password };
    const result = await run(() =>
      register(api, { ...account, username: values.username.trim(), authCode: values.authCode.trim() }),
    );
    if (!result.ok) return;
    // Linking signs the new account in; if it fails (the link expired), the account still exists.
    const linked = identityId
      ? await registerOrBind(api, { ...account, identityId }).then(
          () => true,
          () => false,
        )
      : false;
    // Should the server not sign the new account in itself, sign in with what was just chosen.
    if (!linked && !hasSignedInCookie()) await login(api, { ...account, remember: false }).catch(() => undefined);
    browserLocation.replace(target);
  }

  return (
    <AccountFrame
      title={t('account.logon.title')}
      lead={t('account.logon.lead')}
      footer={
        <AccountLink
          question={t('account.logon.haveAccount')}
          label={t('account.logon.toLogin')}
          to={routes.login({ goTo })}
        />
      }
    >
      {identityId ? <Alert type="info" showIcon title={t('account.logon.linkNote')} /> : null}
      <FormFeedback error={error} />
      <Form<LogonValues>
        form={form}
        name="logon"
        layout="vertical"
        requiredMark={false}
        initialValues={{ loginName: '', authCode: '', username: '', password: '', confirmPassword: '' }}
        onFinish={(values) => void signUp(values)}
        onFinishFailed={clear}
        onFieldsChange={announcer.onFieldsChange}
      >
        <AddressField />
        <CodeSendingField authCodeType="register" />
        <Form.Item name="username" label={t('account.field.username')} rules={rules.username}>
          <Input autoComplete="nickname" spellCheck={false} size="large" maxLength={30} />
        </Form.Item>
        <NewPasswordFields label="account.field.password" />
        <SubmitButton pending={pending} block>
          {t('account.logon.submit')}
        </SubmitButton>
      </Form>
      <FieldAnnouncer message={announcer.message} />
    </AccountFrame>
  );
}
