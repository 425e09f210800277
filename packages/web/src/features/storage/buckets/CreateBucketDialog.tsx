import { Form, Input, Modal } from 'antd';
import type { BucketWire } from '@tessera/contract/storage';
import { isBucketName } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { FieldAnnouncer, FormFeedback, useFieldAnnouncer, useFormSubmission } from '../../account';
import { useCreateBucket } from './use-buckets';

interface CreateBucketValues {
  bucketName: string;
}

/** A new bucket: the SPEC §5 name rule is checked while typing, the server's refusals are shown. */
export function CreateBucketDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (bucket: BucketWire) => void;
}) {
  const t = useT();
  const create = useCreateBucket();
  const [form] = Form.useForm<CreateBucketValues>();
  const { pending, error, run, clear } = useFormSubmission(form, { staysOnPage: true });
  const { message, onFieldsChange } = useFieldAnnouncer();

  async function submit({ bucketName }: CreateBucketValues) {
    const result = await run(() => create.mutateAsync(bucketName));
    if (result.ok) onCreated(result.data);
  }

  return (
    <Modal
      open
      title={t('storagePage.create.title')}
      okText={t('storagePage.create.ok')}
      cancelText={t('storagePage.cancel')}
      okButtonProps={{ loading: pending, htmlType: 'submit', form: 'create-bucket' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormFeedback error={error} />
      <Form<CreateBucketValues>
        form={form}
        name="create-bucket"
        layout="vertical"
        initialValues={{ bucketName: '' }}
        requiredMark={false}
        onFieldsChange={onFieldsChange}
        onFinish={(values) => void submit(values)}
        onFinishFailed={clear}
      >
        <Form.Item
          name="bucketName"
          label={t('storagePage.create.name')}
          extra={t('storagePage.create.rule')}
          rules={[
            { required: true, message: t('storagePage.create.required') },
            {
              validator: (_rule, value: string | undefined) =>
                !value || isBucketName(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('storagePage.create.invalid'))),
            },
          ]}
        >
          <Input autoFocus autoComplete="off" spellCheck={false} maxLength={63} placeholder="my-assets" />
        </Form.Item>
      </Form>
      <FieldAnnouncer message={message} />
    </Modal>
  );
}
