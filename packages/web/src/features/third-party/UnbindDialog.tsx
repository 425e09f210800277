import { Form, Input, Modal } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import type { ProviderWire } from '@tessera/contract/thirdparty';
import { FormFeedback, useFormSubmission } from '../account';
import { unbind } from './third-party-api';

/** Asks for the password, then unbinds the provider's identity from the signed-in account. */
export function UnbindDialog({
  provider,
  onClose,
  onUnbound,
}: {
  provider: ProviderWire;
  onClose: () => void;
  onUnbound: () => void;
}) {
  const t = useT();
  const api = useApiClient();
  const [form] = Form.useForm<{ password: string }>();
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });

  async function confirm({ password }: { password: string }) {
    const result = await run(() => unbind(api, { thirdPartyType: provider.type, password }));
    if (result.ok) onUnbound();
  }

  return (
    <Modal
      open
      title={t('thirdParty.unbind.title', { name: provider.name })}
      okText={t('thirdParty.unbind.ok')}
      cancelText={t('thirdParty.unbind.cancel')}
      okButtonProps={{ danger: true, loading: pending, htmlType: 'submit', form: 'unbind' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('thirdParty.unbind.text')}</p>
      <FormFeedback error={error} />
      <Form<{ password: string }>
        form={form}
        name="unbind"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void confirm(values)}
        onFinishFailed={clear}
      >
        <Form.Item
          name="password"
          label={t('thirdParty.unbind.password')}
          rules={[{ required: true, message: t('thirdParty.bind.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
