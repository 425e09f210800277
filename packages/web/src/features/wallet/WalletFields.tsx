import { useMemo } from 'react';
import { Form, Radio, type FormRule } from 'antd';
import type { AuthCodeType } from '@tessera/domain';
import { isPayPassword } from '@tessera/domain';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { CodeSendingField } from '../account';
import { useT } from '../../shared/i18n';
import { PayPasswordInput } from './PayPasswordInput';

/** The addresses bound to the account, where a verification code can go. */
export function boundAddresses(user: Pick<CurrentUserWire, 'email' | 'mobile'>): string[] {
  return [user.email, user.mobile].filter((address) => address !== '');
}

export function usePayPasswordRules() {
  const t = useT();
  return useMemo(() => {
    const payPassword: FormRule[] = [
      { required: true, message: t('walletPage.required.password') },
      {
        validator: (_rule, value: unknown) =>
          !value || isPayPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('validation.payPassword'))),
      },
    ];
    const confirm = (passwordField: string): FormRule[] => [
      { required: true, message: t('walletPage.required.confirm') },
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          !value || value === getFieldValue(passwordField)
            ? Promise.resolve()
            : Promise.reject(new Error(t('walletPage.invalid.mismatch'))),
      }),
    ];
    return { payPassword, confirm };
  }, [t]);
}

/** A new pay password typed twice: `password` and `confirmPassword`. */
export function NewPayPasswordFields({ label }: { label: string }) {
  const t = useT();
  const rules = usePayPasswordRules();
  return (
    <>
      <Form.Item name="password" label={label} rules={rules.payPassword} validateTrigger="onBlur">
        <PayPasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('walletPage.field.confirm')}
        rules={rules.confirm('password')}
        dependencies={['password']}
        validateTrigger="onBlur"
      >
        <PayPasswordInput autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/**
 * Where the verification code goes (`messageAddress`, one of the bound addresses; a choice only when
 * both an e-mail address and a mobile number are bound) and the code itself (`authCode`).
 */
export function BoundAddressCodeFields({
  addresses,
  authCodeType,
}: {
  addresses: string[];
  authCodeType: AuthCodeType;
}) {
  const t = useT();
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch('messageAddress', form) as string | undefined) || addresses[0] || '';
  return (
    <>
      <Form.Item name="messageAddress" label={t('walletPage.field.address')} hidden={addresses.length < 2}>
        <Radio.Group options={addresses.map((address) => ({ value: address, label: address }))} />
      </Form.Item>
      {addresses.length === 1 ? <p>{t('walletPage.codeGoesTo', { address: chosen })}</p> : null}
      {/* One code field per address, so that a countdown does not carry over to the other. */}
      <div key={chosen}>
        <CodeSendingField authCodeType={authCodeType} address={chosen} />
      </div>
    </>
  );
}
