import { Form, Input, Select } from 'antd';
import { MAX_DEPENDENCIES, VERSION_RANGE_MAX_LENGTH } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { editorRules, newDependency, siblingPaths, type ListForm } from './object-form';
import { FormListEditor } from './RemovableEntry';
import styles from './ObjectEditor.module.css';

/** Dependencies (DOMAIN §2.22): other objects as `bucket/object`, resources as `user/resource` with a version range. */
export function DependencyList({ form }: { form: ListForm }) {
  const t = useT();
  const rules = editorRules(form, t);
  return (
    <FormListEditor
      name="dependencies"
      testId="dependency-entry"
      max={MAX_DEPENDENCIES}
      newEntry={newDependency}
      texts={{
        none: t('storagePage.details.noDependencies'),
        legend: (number) => t('storagePage.details.dependencyLegend', { number }),
        remove: (number) => t('storagePage.details.removeDependency', { number }),
        add: t('storagePage.details.addDependency'),
      }}
      renderEntry={(index, fields) => (
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
                    dependencies={[
                      ['dependencies', index, 'type'],
                      ...siblingPaths('dependencies', fields, index, 'name'),
                    ]}
                  >
                    <Input
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={isResource ? 'username/resource' : 'bucket/object'}
                    />
                  </Form.Item>
                  {isResource ? (
                    <Form.Item
                      name={[index, 'versionRange']}
                      label={t('storagePage.details.versionRange')}
                      rules={rules.versionRange}
                      extra={t('storagePage.details.versionRangeHint')}
                    >
                      <Input
                        autoComplete="off"
                        spellCheck={false}
                        placeholder="^1.0.0"
                        maxLength={VERSION_RANGE_MAX_LENGTH}
                      />
                    </Form.Item>
                  ) : null}
                </>
              );
            }}
          </Form.Item>
        </div>
      )}
    />
  );
}
