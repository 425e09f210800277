import { Button, Form, Input, Select, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../../shared/i18n';
import { DEPENDENCY_LIMITS, editorRules, newDependency, siblingPaths, type ObjectFormValues } from './object-form';
import styles from './ObjectEditor.module.css';

/** Dependencies (DOMAIN §2.22): other objects as `bucket/object`, resources as `user/resource` with a version range. */
export function DependencyList({ form }: { form: FormInstance<ObjectFormValues> }) {
  const t = useT();
  const rules = editorRules(form, t);
  return (
    <Form.List name="dependencies">
      {(fields, { add, remove }) => (
        <div className={styles.list}>
          {fields.length === 0 ? <p className={styles.none}>{t('storagePage.details.noDependencies')}</p> : null}
          {fields.map(({ key, name: index }) => (
            <fieldset key={key} className={styles.entry} data-testid="dependency-entry">
              <legend className="visually-hidden">{t('storagePage.details.dependencyLegend', { number: index + 1 })}</legend>
              <div className={styles.dependency}>
                <Form.Item name={[index, 'type']} label={t('storagePage.details.dependencyType')}>
                  <Select
                    options={[
                      { value: 'object', label: t('storagePage.details.dependencyType.object') },
                      { value: 'resource', label: t('storagePage.details.dependencyType.resource') },
                    ]}
                  />
                </Form.Item>
                <Form.Item noStyle dependencies={[['dependencies', index, 'type']]}>
                  {() => {
                    const isResource = form.getFieldValue(['dependencies', index, 'type']) === 'resource';
                    return (
                      <>
                        <Form.Item
                          name={[index, 'name']}
                          label={t('storagePage.details.dependencyName')}
                          rules={rules.dependencyName(index)}
                          dependencies={[['dependencies', index, 'type'], ...siblingPaths('dependencies', fields, index, 'name')]}
                        >
                          <Input autoComplete="off" spellCheck={false} placeholder={isResource ? 'username/resource' : 'bucket/object'} />
                        </Form.Item>
                        {isResource ? (
                          <Form.Item name={[index, 'versionRange']} label={t('storagePage.details.versionRange')} rules={rules.versionRange} extra={t('storagePage.details.versionRangeHint')}>
                            <Input autoComplete="off" spellCheck={false} placeholder="^1.0.0" maxLength={DEPENDENCY_LIMITS.versionRange} />
                          </Form.Item>
                        ) : null}
                      </>
                    );
                  }}
                </Form.Item>
              </div>
              <Button
                className={styles.remove}
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('storagePage.details.removeDependency', { number: index + 1 })}
                onClick={() => remove(index)}
              />
            </fieldset>
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(newDependency())} disabled={fields.length >= DEPENDENCY_LIMITS.dependencies}>
            {t('storagePage.details.addDependency')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
