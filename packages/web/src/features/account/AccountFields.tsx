import { Form, Input } from 'antd';
import { useT } from '../../shared/i18n';
import { useAccountRules } from './account-rules';

/** The e-mail address or mobile number an account is registered with (field `loginName`). */
export function AddressField() {
  const t = useT();
  const rules = useAccountRules();
  return (
    <Form.Item name="loginName" label={t('account.field.address')} rules={rules.address}>
      <Input autoComplete="username" inputMode="email" spellCheck={false} size="large" />
    </Form.Item>
  );
}

/** A new password typed twice; `password` and `confirmPassword`. */
export function NewPasswordFields({ label }: { label: 'account.field.password' | 'account.field.newPassword' }) {
  const t = useT();
  const rules = useAccountRules();
  return (
    <>
      <Form.Item name="password" label={t(label)} rules={rules.password}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.field.confirmPassword')}
        rules={rules.confirmPassword('password')}
        dependencies={['password']}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
    </>
  );
}
