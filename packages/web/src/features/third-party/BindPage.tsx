import { Button, Form, Input } from 'antd';
import { useSearchParams } from 'react-router';
import { isHex24, routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { browserLocation } from '../../shared/browser/location';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { AccountFrame, AccountLink, FormFeedback, useAccountRules, useFormSubmission, useGoTo } from '../account';
import { registerOrBind } from './third-party-api';

interface BindValues {
  loginName: string;
  password: string;
}

/**
 * /bind?identityId&goTo&returnUrl: the third-party identity this browser brought back is bound to
 * an existing account (its login name and password), which is then signed in. Without an account,
 * the sign-up page takes the identity along and links it to the new account.
 */
export function BindPage() {
  const t = useT();
  const api = useApiClient();
  const rules = useAccountRules();
  const { goTo, target } = useGoTo();
  const identityId = useSearchParams()[0].get('identityId') ?? '';
  const [form] = Form.useForm<BindValues>();
  const { pending, error, run, clear } = useFormSubmission(form);

  async function bind({ loginName, password }: BindValues) {
    const result = await run(() => registerOrBind(api, { loginName: loginName.trim(), password, identityId }));
    // A whole-page load, so that the header and every page read the new session afresh.
    if (result.ok) browserLocation.replace(target);
  }

  const signUp = (
    <AccountLink
      question={t('thirdParty.bind.noAccount')}
      label={t('thirdParty.bind.signUp')}
      to={routes.logon({ goTo: goTo ?? routes.home(), identityId })}
    />
  );

  return (
    <AccountFrame title={t('thirdParty.bind.title')} lead={t('thirdParty.bind.intro')} footer={signUp}>
      {isHex24(identityId) ? (
        <>
          <FormFeedback error={error} />
          <Form<BindValues>
            form={form}
            name="bind"
            layout="vertical"
            requiredMark={false}
            initialValues={{ loginName: '', password: '' }}
            onFinish={(values) => void bind(values)}
            onFinishFailed={clear}
          >
            <Form.Item name="loginName" label={t('thirdParty.bind.loginName')} rules={rules.loginName}>
              <Input autoComplete="username" spellCheck={false} size="large" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('thirdParty.bind.password')} rules={rules.currentPassword}>
              <Input.Password autoComplete="current-password" size="large" />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={pending}
              disabled={pending}
              autoInsertSpace={false}
            >
              {t('thirdParty.bind.submit')}
            </Button>
          </Form>
          <p>{t('thirdParty.bind.signUpHint')}</p>
        </>
      ) : (
        <StatusPanel tone="error" title={t('thirdParty.bind.missingIdentity')} testId="bind-missing-identity" />
      )}
    </AccountFrame>
  );
}
