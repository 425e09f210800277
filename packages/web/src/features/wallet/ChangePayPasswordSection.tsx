import { useState } from 'react';
import { Form } from 'antd';
import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { FieldAnnouncer, FormFeedback, SubmitButton, useFieldAnnouncer, useFormSubmission } from '../account';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PayPasswordInput } from './PayPasswordInput';
import { changePayPassword } from './wallet-api';
import { BoundAddressCodeFields, boundAddresses, NewPayPasswordFields, usePayPasswordRules } from './WalletFields';
import { WalletSection } from './WalletSection';
import styles from './wallet.module.css';

interface ChangeValues {
  oldPassword: string;
  messageAddress: string;
  authCode: string;
  password: string;
  confirmPassword: string;
}

/** The current pay password, a code to a bound address and the new one twice; a forgotten one is reset elsewhere. */
export function ChangePayPasswordSection({ user }: { user: CurrentUserWire }) {
  const t = useT();
  const api = useApiClient();
  const rules = usePayPasswordRules();
  const [form] = Form.useForm<ChangeValues>();
  const [notice, setNotice] = useState<string | null>(null);
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const announcer = useFieldAnnouncer();
  const addresses = boundAddresses(user);
  const initialValues = {
    oldPassword: '',
    messageAddress: addresses[0] ?? '',
    authCode: '',
    password: '',
    confirmPassword: '',
  };

  async function change({ oldPassword, messageAddress, authCode, password }: ChangeValues) {
    const result = await run(() =>
      changePayPassword(api, { oldPassword, password, messageAddress, authCode: authCode.trim() }),
    );
    if (!result.ok) return;
    form.resetFields();
    setNotice(t('walletPage.change.done'));
  }

  return (
    <WalletSection title={t('walletPage.change.title')} testId="wallet-change-password">
      <Form<ChangeValues>
        form={form}
        name="change-pay-password"
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void change(values)}
        onFinishFailed={clear}
        onValuesChange={() => setNotice(null)}
        onFieldsChange={announcer.onFieldsChange}
        className={styles.form}
      >
        <Form.Item
          name="oldPassword"
          label={t('walletPage.field.oldPassword')}
          rules={rules.payPassword}
          validateTrigger="onBlur"
        >
          <PayPasswordInput />
        </Form.Item>
        <NewPayPasswordFields label={t('walletPage.field.newPassword')} />
        {addresses.length > 0 ? (
          <BoundAddressCodeFields addresses={addresses} authCodeType="updateTransactionAccountPwd" />
        ) : null}
        <FormFeedback error={error} notice={notice} />
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('walletPage.change.submit')}</SubmitButton>
          <Link to={routes.retrievePayPassword()} className={styles.link}>
            {t('walletPage.change.forgot')}
          </Link>
        </div>
      </Form>
      <FieldAnnouncer message={announcer.message} />
    </WalletSection>
  );
}
