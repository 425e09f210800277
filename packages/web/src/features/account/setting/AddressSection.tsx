import { useState } from 'react';
import { Form, Input, Radio, type FormRule } from 'antd';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { changeAddress } from '../account-api';
import { addressRuleName, useAccountRules } from '../account-rules';
import { CodeSendingField } from '../CodeSendingField';
import { FieldAnnouncer, FormFeedback } from '../FormFeedback';
import { SubmitButton } from '../SubmitButton';
import { useFieldAnnouncer } from '../use-field-announcer';
import { useFormSubmission } from '../use-form-submission';
import { SettingSection } from './SettingSection';
import styles from './SettingForm.module.css';

type AddressKind = 'email' | 'mobile';

interface AddressValues {
  kind: AddressKind;
  newLoginName: string;
  oldAuthCode: string;
  newAuthCode: string;
}

const TEXTS = {
  email: {
    newAddress: 'account.setting.address.newEmail',
    oldCode: 'account.setting.address.oldEmailCode',
    wrongKind: 'account.setting.address.notEmail',
    changed: 'account.setting.address.changedEmail',
  },
  mobile: {
    newAddress: 'account.setting.address.newMobile',
    oldCode: 'account.setting.address.oldMobileCode',
    wrongKind: 'account.setting.address.notMobile',
    changed: 'account.setting.address.changedMobile',
  },
} as const;

/**
 * A new e-mail address or mobile number in place of the one of the same kind: a code to the new
 * address and, when one of that kind is bound now, a code to that one too.
 */
export function AddressSection({ user, onChanged }: { user: CurrentUserWire; onChanged: () => void }) {
  const t = useT();
  const api = useApiClient();
  const rules = useAccountRules();
  const [form] = Form.useForm<AddressValues>();
  const [notice, setNotice] = useState<string | null>(null);
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const announcer = useFieldAnnouncer();
  const kind = (Form.useWatch('kind', form) as AddressKind | undefined) ?? 'email';
  const boundAddress = kind === 'email' ? user.email : user.mobile;
  const texts = TEXTS[kind];

  const addressOfKind: FormRule = {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return Promise.resolve();
      if (addressRuleName(text) !== kind) return Promise.reject(new Error(t(texts.wrongKind)));
      if (text.toLowerCase() === boundAddress.toLowerCase())
        return Promise.reject(new Error(t('account.setting.address.sameAsNow')));
      return Promise.resolve();
    },
  };

  async function change({ newLoginName, oldAuthCode, newAuthCode }: AddressValues) {
    const address = newLoginName.trim();
    const result = await run(() =>
      changeAddress(api, {
        newLoginName: address,
        newAuthCode: newAuthCode.trim(),
        ...(boundAddress ? { oldAuthCode: oldAuthCode.trim() } : {}),
      }),
    );
    if (!result.ok) return;
    form.resetFields();
    form.setFieldValue('kind', kind);
    setNotice(t(texts.changed, { address }));
    onChanged();
  }

  return (
    <SettingSection title={t('account.setting.address')} testId="address-section">
      <Form<AddressValues>
        form={form}
        name="change-address"
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'email', newLoginName: '', oldAuthCode: '', newAuthCode: '' }}
        onFinish={(values) => void change(values)}
        onFinishFailed={clear}
        onValuesChange={(changed: Partial<AddressValues>) => {
          setNotice(null);
          if (changed.kind) form.resetFields(['newLoginName', 'oldAuthCode', 'newAuthCode']);
        }}
        onFieldsChange={announcer.onFieldsChange}
        className={styles.form}
      >
        <Form.Item name="kind" label={t('account.setting.address.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'email', label: t('account.setting.email') },
              { value: 'mobile', label: t('account.setting.mobile') },
            ]}
          />
        </Form.Item>
        {/* Each kind has its own fields, so that a countdown does not carry over to the other. */}
        <div key={kind}>
          {boundAddress ? (
            <>
              <p className={styles.hint}>{t('account.setting.address.oldCodeHint', { address: boundAddress })}</p>
              <CodeSendingField
                authCodeType="updateMobileOrEmail"
                address={boundAddress}
                name="oldAuthCode"
                label={t(texts.oldCode)}
              />
            </>
          ) : null}
          <Form.Item
            name="newLoginName"
            label={t(texts.newAddress)}
            rules={[addressOfKind, ...rules.address]}
            validateFirst
          >
            <Input
              size="large"
              autoComplete={kind === 'email' ? 'email' : 'tel'}
              inputMode={kind === 'email' ? 'email' : 'tel'}
              spellCheck={false}
            />
          </Form.Item>
          <CodeSendingField
            authCodeType="updateMobileOrEmail"
            addressField="newLoginName"
            name="newAuthCode"
            label={t('account.setting.address.newCode')}
          />
        </div>
        <FormFeedback error={error} notice={notice} />
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('account.setting.address.submit')}</SubmitButton>
        </div>
      </Form>
      <FieldAnnouncer message={announcer.message} />
    </SettingSection>
  );
}
