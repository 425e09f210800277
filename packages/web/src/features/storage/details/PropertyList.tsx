import { Button, Form, Input, Select, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../../shared/i18n';
import { EDITABLE_TYPES, editorRules, newDescriptor, PROPERTY_LIMITS, siblingPaths, type ObjectFormValues } from './object-form';
import styles from './ObjectEditor.module.css';

/** The custom property descriptors (DOMAIN §2.6): key, name, type, default, candidates, remark. */
export function PropertyList({ form }: { form: FormInstance<ObjectFormValues> }) {
  const t = useT();
  const rules = editorRules(form, t);
  return (
    <Form.List name="customPropertyDescriptors">
      {(fields, { add, remove }) => (
        <div className={styles.list}>
          {fields.length === 0 ? <p className={styles.none}>{t('storagePage.details.noProperties')}</p> : null}
          {fields.map(({ key, name: index }) => (
            <fieldset key={key} className={styles.entry} data-testid="property-entry">
              <legend className="visually-hidden">{t('storagePage.details.propertyLegend', { number: index + 1 })}</legend>
              <div className={styles.grid}>
                <Form.Item name={[index, 'key']} label={t('storagePage.details.key')} rules={rules.key(index)} dependencies={siblingPaths('customPropertyDescriptors', fields, index, 'key')}>
                  <Input maxLength={30} autoComplete="off" spellCheck={false} />
                </Form.Item>
                <Form.Item name={[index, 'name']} label={t('storagePage.details.propertyName')} rules={rules.name}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name={[index, 'type']} label={t('storagePage.details.propertyType')}>
                  <Select options={EDITABLE_TYPES.map((type) => ({ value: type, label: t(`storagePage.details.propertyType.${type}`) }))} />
                </Form.Item>
                <Form.Item noStyle dependencies={[['customPropertyDescriptors', index, 'type'], ['customPropertyDescriptors', index, 'candidateItems']]}>
                  {() => <DefaultValueField form={form} index={index} />}
                </Form.Item>
                <Form.Item name={[index, 'remark']} label={t('storagePage.details.remark')} rules={rules.remark} className={styles.wide}>
                  <Input autoComplete="off" />
                </Form.Item>
              </div>
              <Button
                className={styles.remove}
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('storagePage.details.removeProperty', { number: index + 1 })}
                onClick={() => remove(index)}
              />
            </fieldset>
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(newDescriptor())} disabled={fields.length >= PROPERTY_LIMITS.descriptors}>
            {t('storagePage.details.addProperty')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** A select descriptor chooses its default among its candidates; the others take free text. */
function DefaultValueField({ form, index }: { form: FormInstance<ObjectFormValues>; index: number }) {
  const t = useT();
  const rules = editorRules(form, t);
  const isSelect = form.getFieldValue(['customPropertyDescriptors', index, 'type']) === 'select';
  const candidates = (form.getFieldValue(['customPropertyDescriptors', index, 'candidateItems']) ?? []) as string[];
  return (
    <>
      {isSelect ? (
        <Form.Item name={[index, 'candidateItems']} label={t('storagePage.details.candidates')} rules={rules.candidateItems(index)} extra={t('storagePage.details.candidatesHint')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，']} />
        </Form.Item>
      ) : null}
      <Form.Item name={[index, 'defaultValue']} label={t('storagePage.details.defaultValue')} rules={rules.defaultValue(index)} dependencies={[['customPropertyDescriptors', index, 'candidateItems']]}>
        {isSelect ? <Select options={candidates.map((candidate) => ({ value: candidate, label: candidate }))} /> : <Input autoComplete="off" />}
      </Form.Item>
    </>
  );
}
