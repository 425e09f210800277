import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { isNodeFrozen, NodeVisibility } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { FormFeedback, SubmitButton, useFormSubmission } from '../account';
import { DeleteNodeDialog } from './DeleteNodeDialog';
import { nodeKeys, setNodeInfo, uploadLogo, type Node } from './nodes-api';
import styles from './nodes.module.css';

interface SettingValues {
  nodeTitle: string;
  nodeShortDescription: string;
  nodeLogo: string;
  visibility: NodeVisibility;
  nodeSuspendInfo: string;
}

const TITLE_MAX = 100;
const DESCRIPTION_MAX = 200;
const NOTICE_MAX = 500;
const VISIBILITIES = [
  { value: NodeVisibility.Public, key: 'public' },
  { value: NodeVisibility.Private, key: 'private' },
  { value: NodeVisibility.Paused, key: 'paused' },
] as const;

const valuesOf = (node: Node): SettingValues => ({
  nodeTitle: node.nodeTitle,
  nodeShortDescription: node.nodeShortDescription,
  nodeLogo: node.nodeLogo,
  visibility: node.visibility as NodeVisibility,
  nodeSuspendInfo: node.nodeSuspendInfo,
});

/** The node's title, description, logo and visibility, and deleting the node. */
export function SettingsTab({ node }: { node: Node }) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingValues>();
  const { pending, error, run } = useFormSubmission(form, { staysOnPage: true });
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const visibility = Form.useWatch('visibility', form) ?? node.visibility;
  const readOnly = isNodeFrozen(node.status);

  async function save(values: SettingValues) {
    const result = await run(() =>
      setNodeInfo(api, {
        nodeId: node.nodeId,
        nodeTitle: values.nodeTitle.trim(),
        nodeShortDescription: values.nodeShortDescription.trim(),
        nodeLogo: values.nodeLogo,
        status: values.visibility,
        nodeSuspendInfo: values.nodeSuspendInfo.trim(),
      }),
    );
    if (!result.ok) return;
    setNotice(t('nodesPage.settings.saved'));
    await queryClient.invalidateQueries({ queryKey: nodeKeys.all });
  }

  return (
    <div className={styles.tab} data-testid="node-settings">
      <Form<SettingValues>
        form={form}
        name="node-settings"
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(node)}
        disabled={readOnly}
        onFinish={(values) => void save(values)}
        onValuesChange={() => setNotice(null)}
        className={styles.settingsForm}
      >
        <Form.Item
          name="nodeTitle"
          label={t('nodesPage.settings.title')}
          rules={[{ max: TITLE_MAX, message: t('nodesPage.settings.tooLong', { max: TITLE_MAX }) }]}
        >
          <Input maxLength={TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="nodeShortDescription"
          label={t('nodesPage.settings.description')}
          rules={[{ max: DESCRIPTION_MAX, message: t('nodesPage.settings.tooLong', { max: DESCRIPTION_MAX }) }]}
        >
          <Input.TextArea maxLength={DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="nodeLogo" label={t('nodesPage.settings.logo')}>
          <LogoField disabled={readOnly} />
        </Form.Item>
        <Form.Item name="visibility" label={t('nodesPage.settings.visibility')}>
          <Radio.Group className={styles.visibility}>
            {VISIBILITIES.map(({ value, key }) => (
              <Radio key={key} value={value}>
                <span className={styles.visibilityName}>{t(`nodesPage.visibility.${key}`)}</span>
                <span className={styles.hint}>{t(`nodesPage.visibility.${key}Hint`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {visibility === NodeVisibility.Paused ? (
          <Form.Item
            name="nodeSuspendInfo"
            label={t('nodesPage.settings.pauseNotice')}
            extra={t('nodesPage.settings.pauseNoticeHint')}
            rules={[{ max: NOTICE_MAX, message: t('nodesPage.settings.tooLong', { max: NOTICE_MAX }) }]}
          >
            <Input.TextArea maxLength={NOTICE_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        ) : null}
        <FormFeedback error={error} notice={notice} />
        <div className={styles.formActions}>
          <SubmitButton pending={pending} disabled={readOnly}>
            {t('nodesPage.settings.save')}
          </SubmitButton>
        </div>
      </Form>

      <section className={styles.danger} aria-labelledby="node-danger-title">
        <h3 id="node-danger-title">{t('nodesPage.delete.title')}</h3>
        <p className={styles.hint}>{t('nodesPage.delete.lead')}</p>
        <Button danger onClick={() => setDeleting(true)}>
          {t('nodesPage.delete.open')}
        </Button>
      </section>
      {deleting ? <DeleteNodeDialog node={node} onClose={() => setDeleting(false)} /> : null}
    </div>
  );
}

/** The logo: an image uploaded, its address the value (antd's Form.Item gives value and onChange). */
function LogoField({
  value,
  onChange,
  disabled,
}: {
  value?: string;
  onChange?: (logo: string) => void;
  disabled: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(api, file),
    onSuccess: (url) => onChange?.(url),
  });
  return (
    <div className={styles.logoField}>
      <span className={styles.logo}>
        {value ? <img src={value} alt={t('nodesPage.settings.logoPreview')} /> : <span aria-hidden="true">—</span>}
      </span>
      <div className={styles.logoActions}>
        <FilePickButton
          label={t('nodesPage.settings.logoChoose')}
          name={t('nodesPage.settings.logo')}
          accept="image/*"
          disabled={disabled || upload.isPending}
          onPick={(file) => upload.mutate(file)}
        />
        {value ? (
          <Button disabled={disabled || upload.isPending} onClick={() => onChange?.('')}>
            {t('nodesPage.settings.logoRemove')}
          </Button>
        ) : null}
        {upload.isPending ? <p role="status">{t('nodesPage.settings.logoUploading')}</p> : null}
        {upload.isError ? <Alert type="error" role="alert" title={errorMessage(upload.error)} /> : null}
      </div>
    </div>
  );
}
