import { useState } from 'react';
import { Form, Input } from 'antd';
import { routes } from '@tessera/domain';
import {
  AccountFrame,
  AccountLink,
  FieldAnnouncer,
  FormFeedback,
  SubmitButton,
  useAccountRules,
  useFieldAnnouncer,
  useFormSubmission,
  useLoggedInUser,
} from '../account';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { resetPayPassword } from './wallet-api';
import { BoundAddressCodeFields, boundAddresses, NewPayPasswordFields } from './WalletFields';
import { NoBoundAddressNotice } from './NoBoundAddressNotice';

interface ResetValues {
  loginPassword: string;
  messageAddress: string;
  authCode: string;
  password: string;
  confirmPassword: string;
}

/** /retrievePayPassword: a forgotten pay password is replaced with the login password and a code to a bound address. */
export function RetrievePayPasswordPage() {
  const t = useT();
  const api = useApiClient();
  const user = useLoggedInUser();
  const rules = useAccountRules();
  const [form] = Form.useForm<ResetValues>();
  const [done, setDone] = useState(false);
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const announcer = useFieldAnnouncer();
  const addresses = boundAddresses(user);

  async function reset({ loginPassword, messageAddress, authCode, password }: ResetValues) {
    const result = await run(() =>
      resetPayPassword(api, { loginPassword, messageAddress, authCode: authCode.trim(), password }),
    );
    if (!result.ok) return;
    form.resetFields();
    setDone(true);
  }

  return (
    <AccountFrame
      title={t('walletPage.reset.title')}
      lead={t('walletPage.reset.lead')}
      footer={<AccountLink label={t('walletPage.reset.back')} to={routes.logged.wallet()} />}
    >
      <FormFeedback error={error} notice={done ? t('walletPage.reset.done') : null} />
      {addresses.length === 0 ? (
        <NoBoundAddressNotice />
      ) : (
        <Form<ResetValues>
          form={form}
          name="reset-pay-password"
          layout="vertical"
          requiredMark={false}
          initialValues={{
            loginPassword: '',
            messageAddress: addresses[0],
            authCode: '',
            password: '',
            confirmPassword: '',
          }}
          onFinish={(values) => void reset(values)}
          onFinishFailed={clear}
          onValuesChange={() => setDone(false)}
          onFieldsChange={announcer.onFieldsChange}
        >
          <Form.Item name="loginPassword" label={t('walletPage.field.loginPassword')} rules={rules.currentPassword}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <BoundAddressCodeFields addresses={addresses} authCodeType="updateTransactionAccountPwd" />
          <NewPayPasswordFields label={t('walletPage.field.newPassword')} />
          <SubmitButton pending={pending} block>
            {t('walletPage.reset.submit')}
          </SubmitButton>
        </Form>
      )}
      <FieldAnnouncer message={announcer.message} />
    </AccountFrame>
  );
}
