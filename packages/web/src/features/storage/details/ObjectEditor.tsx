import { useId, useState } from 'react';
import { Button, Form, Select } from 'antd';
import { LEVEL1_RESOURCE_TYPES } from '@tessera/domain';
import { useApiClient } from '../../../shared/api';
import { useLanguage, useT } from '../../../shared/i18n';
import { FormFeedback } from '../../account/FormFeedback';
import { checkDependencyCycle, updateObject, type StorageObject } from '../storage-api';
import { DependencyList } from './DependencyList';
import { markServerFields, toChanges, toFormValues, typeCodeOf, type ObjectFormValues } from './object-form';
import { PropertyList } from './PropertyList';
import styles from './ObjectEditor.module.css';

/**
 * The object's resource type, custom properties and dependencies. Dependencies are checked for a
 * cycle on the server before anything is saved.
 */
export function ObjectEditor({ object, onSaved }: { object: StorageObject; onSaved: (object: StorageObject) => void }) {
  const t = useT();
  const api = useApiClient();
  const [language] = useLanguage();
  const [form] = Form.useForm<ObjectFormValues>();
  // What 'undo changes' goes back to: the values last loaded or saved.
  const [initial, setInitial] = useState(() => toFormValues(object));
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<{ error?: string; notice?: string }>({});
  const typeId = useId();
  const propertiesId = useId();
  const dependenciesId = useId();

  async function save(values: ObjectFormValues) {
    setPending(true);
    setFeedback({});
    try {
      const changes = toChanges(values, typeCodeOf(object));
      if (changes.dependencies && changes.dependencies.length > 0) {
        const check = await checkDependencyCycle(api, object.objectId, changes.dependencies);
        if (check.errCode !== 0) return refuse(check.msg, check.data);
        if (check.data !== true) return refuse(t('storagePage.details.cycle'));
      }
      const answer = await updateObject(api, object.objectId, changes);
      if (answer.errCode !== 0 || !answer.data) return refuse(answer.msg, answer.data);
      setFeedback({ notice: t('storagePage.details.saved') });
      setInitial(toFormValues(answer.data));
      onSaved(answer.data);
    } catch (failure) {
      refuse(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  function refuse(message: string, data?: unknown) {
    markServerFields(form, data);
    setFeedback({ error: message });
  }

  return (
    <Form<ObjectFormValues>
      form={form}
      name="object-editor"
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(values) => void save(values)}
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
          <Button onClick={() => form.resetFields()} disabled={pending}>
            {t('storagePage.details.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={pending}>
            {t('storagePage.details.save')}
          </Button>
        </div>
      </div>
    </Form>
  );
}
