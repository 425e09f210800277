import { Form, Input, Select } from 'antd';
import { PROPERTY_LIMITS } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { EDITABLE_TYPES, editorRules, newDescriptor, siblingPaths, type ListForm } from './object-form';
import { FormListEditor } from './RemovableEntry';
import styles from './ObjectEditor.module.css';

/** The custom property descriptors (DOMAIN §2.6): key, name, type, default, candidates, remark. */
export function PropertyList({ form }: { form: ListForm }) {
  const t = useT();
  const rules = editorRules(form, t);
  return (
    <FormListEditor
      name="customPropertyDescriptors"
      testId="property-entry"
      max={PROPERTY_LIMITS.descriptors}
      newEntry={newDescriptor}
      texts={{
        none: t('storagePage.details.noProperties'),
        legend: (number) => t('storagePage.details.propertyLegend', { number }),
        remove: (number) => t('storagePage.details.removeProperty', { number }),
        add: t('storagePage.details.addProperty'),
      }}
      renderEntry={(index, fields) => (
        <div className={styles.grid}>
          <Form.Item
            name={[index, 'key']}
            label={t('storagePage.details.key')}
            rules={rules.key(index)}
            dependencies={siblingPaths('customPropertyDescriptors', fields, index, 'key')}
          >
            <Input maxLength={PROPERTY_LIMITS.keyLength} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name={[index, 'name']} label={t('storagePage.details.propertyName')} rules={rules.name}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={[index, 'type']} label={t('storagePage.details.propertyType')}>
            <Select
              options={EDITABLE_TYPES.map((type) => ({
                value: type,
                label: t(`storagePage.details.propertyType.${type}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            noStyle
            dependencies={[
              ['customPropertyDescriptors', index, 'type'],
              ['customPropertyDescriptors', index, 'candidateItems'],
            ]}
          >
            {() => <DefaultValueField form={form} index={index} />}
          </Form.Item>
          <Form.Item
            name={[index, 'remark']}
            label={t('storagePage.details.remark')}
            rules={rules.remark}
            className={styles.wide}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </div>
      )}
    />
  );
}

/** A select descriptor chooses its default among its candidates; the others take free text. */
function DefaultValueField({ form, index }: { form: ListForm; index: number }) {
  const t = useT();
  const rules = editorRules(form, t);
  const isSelect = form.getFieldValue(['customPropertyDescriptors', index, 'type']) === 'select';
  const candidates = (form.getFieldValue(['customPropertyDescriptors', index, 'candidateItems']) ?? []) as string[];
  return (
    <>
      {isSelect ? (
        <Form.Item
          name={[index, 'candidateItems']}
          label={t('storagePage.details.candidates')}
          rules={rules.candidateItems(index)}
          extra={t('storagePage.details.candidatesHint')}
        >
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，']} />
        </Form.Item>
      ) : null}
      <Form.Item
        name={[index, 'defaultValue']}
        label={t('storagePage.details.defaultValue')}
        rules={rules.defaultValue(index)}
        dependencies={[['customPropertyDescriptors', index, 'candidateItems']]}
      >
        {isSelect ? (
          <Select options={candidates.map((candidate) => ({ value: candidate, label: candidate }))} />
        ) : (
          <Input autoComplete="off" />
        )}
      </Form.Item>
    </>
  );
}
