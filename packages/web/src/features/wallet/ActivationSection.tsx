import { Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { FieldAnnouncer, FormFeedback, SubmitButton, useFieldAnnouncer, useFormSubmission } from '../account';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { activateAccount, walletKeys } from './wallet-api';
import { BoundAddressCodeFields, boundAddresses, NewPayPasswordFields } from './WalletFields';
import { WalletSection } from './WalletSection';
import { NoBoundAddressNotice } from './NoBoundAddressNotice';
import styles from './wallet.module.css';

interface ActivationValues {
  messageAddress: string;
  authCode: string;
  password: string;
  confirmPassword: string;
}

/** A new account is activated with a code sent to a bound address and a 6-digit pay password typed twice. */
export function ActivationSection({ user }: { user: CurrentUserWire }) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ActivationValues>();
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const announcer = useFieldAnnouncer();
  const addresses = boundAddresses(user);

  async function activate({ messageAddress, authCode, password }: ActivationValues) {
    const result = await run(() => activateAccount(api, { messageAddress, authCode: authCode.trim(), password }));
    if (result.ok) queryClient.setQueryData(walletKeys.account(user.userId), result.data);
  }

  return (
    <WalletSection title={t('walletPage.activate.title')} testId="wallet-activation">
      <p className={styles.muted}>{t('walletPage.activate.lead')}</p>
      {addresses.length === 0 ? (
        <NoBoundAddressNotice />
      ) : (
        <Form<ActivationValues>
          form={form}
          name="activate-wallet"
          layout="vertical"
          requiredMark={false}
          initialValues={{ messageAddress: addresses[0], authCode: '', password: '', confirmPassword: '' }}
          onFinish={(values) => void activate(values)}
          onFinishFailed={clear}
          onFieldsChange={announcer.onFieldsChange}
          className={styles.form}
        >
          <BoundAddressCodeFields addresses={addresses} authCodeType="activateTransactionAccount" />
          <NewPayPasswordFields label={t('walletPage.field.password')} />
          <FormFeedback error={error} />
          <div className={styles.actions}>
            <SubmitButton pending={pending}>{t('walletPage.activate.submit')}</SubmitButton>
          </div>
        </Form>
      )}
      <FieldAnnouncer message={announcer.message} />
    </WalletSection>
  );
}
