import { Checkbox, Form, Input } from 'antd';
import { useLocation } from 'react-router';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { browserLocation } from '../../shared/browser/location';
import { useT } from '../../shared/i18n';
import { ThirdPartySignIn } from '../third-party';
import { login, USER_STATUS_FROZEN } from './account-api';
import { useAccountRules } from './account-rules';
import { AccountFrame } from './AccountFrame';
import { AccountLink } from './AccountLinks';
import { FieldAnnouncer, FormFeedback } from './FormFeedback';
import { SubmitButton } from './SubmitButton';
import { useFieldAnnouncer } from './use-field-announcer';
import { useFormSubmission } from './use-form-submission';
import { useGoTo } from './use-go-to';
import styles from './LoginPage.module.css';

interface LoginValues {
  loginName: string;
  password: string;
  remember: boolean;
}

/** What another page may tell the login page (the password reset page does). */
export interface LoginPageState {
  passwordReset?: boolean;
}

/** /login?goTo: password sign-in; afterwards the browser goes to goTo (this site only) or /home. */
export function LoginPage() {
  const t = useT();
  const api = useApiClient();
  const rules = useAccountRules();
  const { goTo, target } = useGoTo();
  const passwordReset = (useLocation().state as LoginPageState | null)?.passwordReset === true;
  const [form] = Form.useForm<LoginValues>();
  const { pending, error, run, clear } = useFormSubmission(form, { renames: { isRemember: 'remember' } });
  const announcer = useFieldAnnouncer();

  async function signIn({ loginName, password, remember }: LoginValues) {
    const result = await run(() => login(api, { loginName: loginName.trim(), password, remember }));
    if (!result.ok) return;
    // A whole-page load, so that the header and every page read the new session afresh.
    browserLocation.replace(result.data.status === USER_STATUS_FROZEN ? routes.freeze({ goTo: target }) : target);
  }

  return (
    <AccountFrame
      title={t('account.login.title')}
      lead={t('account.login.lead')}
      footer={
        <AccountLink
          question={t('account.login.noAccount')}
          label={t('account.login.toLogon')}
          to={routes.logon({ goTo })}
        />
      }
    >
      <FormFeedback error={error} notice={passwordReset ? t('account.login.passwordReset') : null} />
      <Form<LoginValues>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        initialValues={{ loginName: '', password: '', remember: true }}
        onFinish={(values) => void signIn(values)}
        onFinishFailed={clear}
        onFieldsChange={announcer.onFieldsChange}
      >
        <Form.Item name="loginName" label={t('account.field.loginName')} rules={rules.loginName}>
          <Input autoComplete="username" spellCheck={false} size="large" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('account.field.password')} rules={rules.currentPassword}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <div className={styles.options}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('account.field.remember')}</Checkbox>
          </Form.Item>
          <AccountLink label={t('account.login.forgot')} to={routes.retrieve({ goTo })} />
        </div>
        <SubmitButton pending={pending} block>
          {t('account.login.submit')}
        </SubmitButton>
      </Form>
      <ThirdPartySignIn goTo={target} />
      <FieldAnnouncer message={announcer.message} />
    </AccountFrame>
  );
}
