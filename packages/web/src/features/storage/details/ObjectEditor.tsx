import { useId, useState } from 'react';
import { Button, Form, Select } from 'antd';
import type { ObjectWire } from '@tessera/contract/storage';
import { LEVEL1_RESOURCE_TYPES } from '@tessera/domain';
import { bannerOf, markServerFields } from '../../../shared/api';
import { useLanguage, useT } from '../../../shared/i18n';
import { FormFeedback } from '../../account';
import { DependencyList } from './DependencyList';
import { toChanges, toFormValues, typeCodeOf, type ObjectFormValues } from './object-form';
import { PropertyList } from './PropertyList';
import { DependencyCycle, useSaveObject } from './use-object-details';
import styles from './ObjectEditor.module.css';

/**
 * The object's resource type, custom properties and dependencies. Dependencies are checked for a
 * cycle on the server before anything is saved.
 */
export function ObjectEditor({ object }: { object: ObjectWire }) {
  const t = useT();
  const saving = useSaveObject(object.objectId);
  const [language] = useLanguage();
  const [form] = Form.useForm<ObjectFormValues>();
  // What 'undo changes' goes back to: the values last loaded or saved.
  const [initial, setInitial] = useState(() => toFormValues(object));
  const [feedback, setFeedback] = useState<{ error?: string; notice?: string }>({});
  const typeId = useId();
  const propertiesId = useId();
  const dependenciesId = useId();

  const clearFeedback = () => setFeedback({});

  function save(values: ObjectFormValues) {
    clearFeedback();
    saving.mutate(toChanges(values, typeCodeOf(object)), {
      onSuccess: (saved) => {
        setFeedback({ notice: t('storagePage.details.saved') });
        setInitial(toFormValues(saved));
      },
      onError: (failure) => {
        if (failure instanceof DependencyCycle) return setFeedback({ error: t('storagePage.details.cycle') });
        setFeedback({ error: bannerOf(failure, markServerFields(form, failure)) ?? undefined });
      },
    });
  }

  return (
    <Form<ObjectFormValues>
      form={form}
      name="object-editor"
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={save}
      onFinishFailed={clearFeedback}
      onValuesChange={() => setFeedback((current) => (current.notice ? {} : current))}
      className={styles.editor}
    >
      <section aria-labelledby={typeId} className={styles.section}>
        <h3 id={typeId} className={styles.heading}>
          {t('storagePage.details.resourceType')}
        </h3>
        <Form.Item name="resourceTypeCode" extra={t('storagePage.details.resourceTypeHint')}>
          <Select
            allowClear
            aria-label={t('storagePage.details.resourceType')}
            placeholder={t('storagePage.details.noType')}
            options={LEVEL1_RESOURCE_TYPES.map((type) => ({ value: type.code, label: type.names[language] }))}
          />
        </Form.Item>
      </section>
      <section aria-labelledby={propertiesId} className={styles.section}>
        <h3 id={propertiesId} className={styles.heading}>
          {t('storagePage.details.properties')}
        </h3>
        <PropertyList form={form} />
      </section>
      <section aria-labelledby={dependenciesId} className={styles.section}>
        <h3 id={dependenciesId} className={styles.heading}>
          {t('storagePage.details.dependencies')}
        </h3>
        <DependencyList form={form} />
      </section>
      <div className={styles.footer}>
        <FormFeedback error={feedback.error} notice={feedback.notice} />
        <div className={styles.buttons}>
          <Button onClick={() => form.resetFields()} disabled={saving.isPending}>
            {t('storagePage.details.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving.isPending}>
            {t('storagePage.details.save')}
          </Button>
        </div>
      </div>
    </Form>
  );
}
