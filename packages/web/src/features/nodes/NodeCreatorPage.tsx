import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Form, Input } from 'antd';
import { ErrCode, isNodeName, nodeDomainProblem, routes } from '@tessera/domain';
import { ApiError, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { FieldAnnouncer, FormFeedback, SubmitButton, useFieldAnnouncer, useFormSubmission } from '../account';
import { myNodesQuery } from './my-nodes';
import { createNode, isNodeFieldTaken, nodeKeys } from './nodes-api';
import { siteHostPreview } from './site-address';
import styles from './nodes.module.css';

interface CreatorValues {
  nodeName: string;
  nodeDomain: string;
}

const FIELDS = ['nodeName', 'nodeDomain'] as const;

/** How long a name or domain found free (or taken) stays known while the person types. */
const TAKEN_CHECK_STALE_MS = 30_000;
/** Typing pauses this long before the live checks run (the "taken" check asks the server). */
const VALIDATE_DEBOUNCE_MS = 300;

/** /node/creator: a node's name and site domain, checked as they are typed, then the node. */
export function NodeCreatorPage() {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreatorValues>();
  const { pending, error, run } = useFormSubmission(form);
  const announcer = useFieldAnnouncer();
  const domain = Form.useWatch('nodeDomain', form) ?? '';
  const mine = useQuery(myNodesQuery(api));
  const [known] = mine.data ?? [];
  useDocumentTitle(t('nodesPage.creator.title'));

  /** Asks the server whether a node has the value already; a failed check lets the creation decide. */
  const takenCheck =
    (field: 'nodeName' | 'nodeDomain', message: string) =>
    async (_rule: unknown, value: unknown): Promise<void> => {
      if (typeof value !== 'string' || !value) return;
      const taken = await queryClient
        .fetchQuery({
          queryKey: nodeKeys.taken(field, value),
          queryFn: ({ signal }) => isNodeFieldTaken(api, field, value, signal),
          staleTime: TAKEN_CHECK_STALE_MS,
        })
        .catch(() => false);
      if (taken) throw new Error(message);
    };

  async function create({ nodeName, nodeDomain }: CreatorValues) {
    const result = await run(() =>
      createNode(api, { nodeName, nodeDomain }).catch((failure: unknown) => {
        markNamedField(failure);
        throw failure;
      }),
    );
    if (!result.ok) return;
    await queryClient.invalidateQueries({ queryKey: nodeKeys.all });
    void navigate(routes.result.nodeCreateSuccess(result.data.nodeId));
  }

  /**
   * A business refusal (a name or domain taken meanwhile, a reserved domain) goes on the field it is
   * about: the field its data names (`{field}` or `{nodeDomain: …}`), and the live checks run again so a
   * value taken since shows as taken.
   */
  function markNamedField(failure: unknown) {
    if (!(failure instanceof ApiError) || failure.errCode !== ErrCode.Business) return;
    const data: unknown = failure.data;
    const named = typeof data === 'object' && data !== null ? data : {};
    const field = 'field' in named ? named.field : FIELDS.find((name) => name in named);
    if (field === 'nodeName' || field === 'nodeDomain') form.setFields([{ name: field, errors: [failure.message] }]);
    queryClient.removeQueries({ queryKey: ['nodes', 'taken'] });
    void form.validateFields(FIELDS.filter((name) => name !== field)).catch(() => undefined);
  }

  const shape = (test: (value: string) => string | null) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const problem = typeof value === 'string' && value ? test(value) : null;
      if (problem) throw new Error(problem);
    },
  });

  return (
    <PageContainer>
      <PageHeading title={t('nodesPage.creator.title')} lead={t('nodesPage.creator.lead')} />
      <div className={styles.creator}>
        <Form<CreatorValues>
          form={form}
          name="node-creator"
          layout="vertical"
          requiredMark={false}
          initialValues={{ nodeName: '', nodeDomain: '' }}
          onFinish={(values) => void create(values)}
          onFieldsChange={announcer.onFieldsChange}
          className={styles.card}
        >
          <Form.Item
            name="nodeName"
            label={t('nodesPage.field.name')}
            extra={t('nodesPage.creator.nameHint')}
            validateDebounce={VALIDATE_DEBOUNCE_MS}
            rules={[
              { required: true, whitespace: true, message: t('nodesPage.creator.nameRequired') },
              shape((value) => (isNodeName(value) ? null : t('validation.nodeName'))),
              { validator: takenCheck('nodeName', t('nodesPage.creator.nameTaken')) },
            ]}
          >
            <Input size="large" maxLength={24} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="nodeDomain"
            label={t('nodesPage.field.domain')}
            extra={t('nodesPage.creator.domainHint')}
            validateDebounce={VALIDATE_DEBOUNCE_MS}
            rules={[
              { required: true, message: t('nodesPage.creator.domainRequired') },
              shape((value) => {
                const problem = nodeDomainProblem(value);
                if (problem === 'pattern') return t('validation.nodeDomain');
                return problem === 'reserved' ? t('nodesPage.creator.domainReserved') : null;
              }),
              { validator: takenCheck('nodeDomain', t('nodesPage.creator.domainTaken')) },
            ]}
          >
            <Input size="large" maxLength={24} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <p className={styles.preview} data-testid="site-preview">
            <span>{t('nodesPage.creator.siteAddress')}</span>
            <output aria-live="polite">
              {siteHostPreview(domain.trim() || t('nodesPage.creator.domainPlaceholder'), known)}
            </output>
          </p>
          <p className={styles.hint}>{t('nodesPage.creator.domainForever')}</p>
          <FormFeedback error={error} />
          <div className={styles.formActions}>
            <SubmitButton pending={pending}>{t('nodesPage.creator.submit')}</SubmitButton>
          </div>
        </Form>
        <aside className={styles.aside} aria-labelledby="node-creator-about">
          <h2 id="node-creator-about">{t('nodesPage.creator.aboutTitle')}</h2>
          <ol>
            <li>{t('nodesPage.creator.about.create')}</li>
            <li>{t('nodesPage.creator.about.license')}</li>
            <li>{t('nodesPage.creator.about.theme')}</li>
            <li>{t('nodesPage.creator.about.share')}</li>
          </ol>
        </aside>
      </div>
      <FieldAnnouncer message={announcer.message} />
    </PageContainer>
  );
}
