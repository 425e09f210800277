import { Form } from 'antd';
import { PropertyList, type DescriptorValues } from '../storage';
import { useT } from '../../shared/i18n';
import { EditorSection } from './EditorSection';

/** The version's custom properties, edited with the storage editor's list and its rules. */
export function PropertiesEditor({
  value,
  onChange,
}: {
  value: DescriptorValues[];
  onChange: (descriptors: DescriptorValues[]) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ customPropertyDescriptors: DescriptorValues[] }>();
  return (
    <EditorSection title={t('creator.properties')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ customPropertyDescriptors: value }}
        onValuesChange={(_, all) => onChange(all.customPropertyDescriptors ?? [])}
      >
        <PropertyList form={form} />
      </Form>
    </EditorSection>
  );
}
