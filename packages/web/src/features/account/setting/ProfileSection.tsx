import { useState } from 'react';
import { Form, Input, Radio } from 'antd';
import type { UserDetailWire } from '@tessera/contract/identity';
import { useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { updateProfile } from '../account-api';
import { FieldAnnouncer, FormFeedback } from '../FormFeedback';
import { SubmitButton } from '../SubmitButton';
import { useFieldAnnouncer } from '../use-field-announcer';
import { useFormSubmission } from '../use-form-submission';
import { AreaCascader } from './AreaCascader';
import {
  characterCount,
  INTRO_MAX_LENGTH,
  localToday,
  OCCUPATION_MAX_LENGTH,
  profileChanges,
  profileValuesOf,
  type ProfileValues,
} from './profile-values';
import { useProfileRules } from './profile-rules';
import { SettingSection } from './SettingSection';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';
import styles from './SettingForm.module.css';

/** Sex, birthday, occupation, area and intro (PUT /v2/users/current/detailInfo, changed fields only). */
export function ProfileSection({ detail, onSaved }: { detail: UserDetailWire; onSaved: () => void }) {
  const t = useT();
  const api = useApiClient();
  const rules = useProfileRules();
  const [form] = Form.useForm<ProfileValues>();
  const [saved, setSaved] = useState(() => profileValuesOf(detail));
  const [notice, setNotice] = useState<string | null>(null);
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const announcer = useFieldAnnouncer();
  const current = Form.useWatch([], form) as Partial<ProfileValues> | undefined;
  const dirty = Object.keys(profileChanges(saved, current ?? {})).length > 0;

  async function save(values: ProfileValues) {
    const changes = profileChanges(saved, values);
    if (Object.keys(changes).length === 0) return;
    const result = await run(() => updateProfile(api, changes));
    if (!result.ok) return;
    const next = { ...saved, ...changes };
    setSaved(next);
    form.setFieldsValue(next);
    setNotice(t('account.setting.profile.saved'));
    onSaved();
  }

  const sexOptions = [
    { value: 0, label: t('account.setting.sex.unknown') },
    { value: 1, label: t('account.setting.sex.male') },
    { value: 2, label: t('account.setting.sex.female') },
  ];
  const countCharacters = { show: true, strategy: characterCount };

  return (
    <SettingSection title={t('account.setting.profile')} testId="profile-section">
      <Form<ProfileValues>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={saved}
        onFinish={(values) => void save(values)}
        onFinishFailed={clear}
        onValuesChange={() => setNotice(null)}
        onFieldsChange={announcer.onFieldsChange}
        className={styles.form}
      >
        <Form.Item name="sex" label={t('account.setting.field.sex')}>
          <Radio.Group options={sexOptions} />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item name="birthday" label={t('account.setting.field.birthday')} rules={rules.birthday}>
            <Input type="date" max={localToday()} size="large" />
          </Form.Item>
          <Form.Item name="occupation" label={t('account.setting.field.occupation')} rules={rules.occupation}>
            <Input
              size="large"
              placeholder={t('account.setting.occupation.placeholder')}
              count={{ ...countCharacters, max: OCCUPATION_MAX_LENGTH }}
            />
          </Form.Item>
        </div>
        <Form.Item name="areaCode" label={t('account.setting.field.area')} extra={t('account.setting.area.note')}>
          <AreaCascader />
        </Form.Item>
        <Form.Item name="intro" label={t('account.setting.field.intro')} rules={rules.intro}>
          <Input.TextArea
            rows={4}
            placeholder={t('account.setting.intro.placeholder')}
            count={{ ...countCharacters, max: INTRO_MAX_LENGTH }}
          />
        </Form.Item>
        <FormFeedback error={error} notice={notice} />
        <div className={styles.actions}>
          <SubmitButton pending={pending} disabled={!dirty}>
            {t('account.setting.profile.save')}
          </SubmitButton>
          {dirty ? <span className={styles.hint}>{t('account.setting.profile.unsaved')}</span> : null}
        </div>
      </Form>
      <FieldAnnouncer message={announcer.message} />
      <UnsavedChangesPrompt when={dirty && !pending} />
    </SettingSection>
  );
}
