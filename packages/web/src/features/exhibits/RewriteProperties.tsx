import { useId, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { errorMessage, fieldErrorsOf, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { rewritePropertiesOf, saveRewriteProperties, type Exhibit, type RewriteProperty } from './exhibits-api';
import { hasProblems, REWRITE_LIMITS, rewriteProblems, serverRowProblems, type RewriteField } from './rewrite-rules';
import { useExhibitChange } from './use-exhibit-change';
import styles from './ExhibitPage.module.css';

const FIELDS: readonly RewriteField[] = ['key', 'value', 'remark'];

/** The exhibit's own properties: they override the resource's editable ones or add keys; ≤ 30 rows. */
export function RewriteProperties({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const tableId = useId();
  const [rows, setRows] = useState<RewriteProperty[]>(() => rewritePropertiesOf(exhibit));
  const [tried, setTried] = useState(false);
  const save = useExhibitChange(exhibit.presentableId, (list: RewriteProperty[]) =>
    saveRewriteProperties(api, exhibit.presentableId, list),
  );
  const problems = rewriteProblems(rows);
  const fromServer = serverRowProblems(fieldErrorsOf(save.error));
  const full = rows.length >= REWRITE_LIMITS.rows;

  const edit = (index: number, field: RewriteField, value: string) => {
    save.reset();
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  };
  const submit = () => {
    setTried(true);
    if (hasProblems(problems)) return;
    save.mutate(rows.map((row) => ({ key: row.key.trim(), value: row.value, remark: row.remark })));
  };

  const label = (field: RewriteField, row: number) => t(`exhibitsWeb.rewrite.${field}Of`, { row: row + 1 });
  const problemOf = (field: RewriteField, index: number): string | null => {
    const own = problems[index]?.[field];
    if (tried && own) return t(`exhibitsWeb.rewrite.problem.${own}`);
    return fromServer.get(`${index}.${field}`) ?? null;
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <p className={styles.muted}>{t('exhibitsWeb.rewrite.lead', { max: REWRITE_LIMITS.rows })}</p>
      {rows.length === 0 ? (
        <p role="status" data-testid="rewrite-empty">
          {t('exhibitsWeb.rewrite.none')}
        </p>
      ) : (
        <table className={styles.propertyTable} aria-label={t('exhibitsWeb.rewrite.heading')}>
          <thead>
            <tr>
              <th scope="col">{t('exhibitsWeb.rewrite.key')}</th>
              <th scope="col">{t('exhibitsWeb.rewrite.value')}</th>
              <th scope="col">{t('exhibitsWeb.rewrite.remark')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('exhibitsWeb.rewrite.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // Rows have no identity of their own; the position is what the server names too.
              <tr key={index} data-testid="rewrite-row">
                {FIELDS.map((field) => {
                  const problem = problemOf(field, index);
                  const problemId = `${tableId}-${index}-${field}`;
                  return (
                    <td key={field}>
                      <Input
                        value={row[field]}
                        onChange={(event) => edit(index, field, event.target.value)}
                        aria-label={label(field, index)}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? problemId : undefined}
                        status={problem ? 'error' : undefined}
                      />
                      {problem ? (
                        <p id={problemId} className={styles.problem}>
                          {problem}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
                <td>
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('exhibitsWeb.rewrite.remove', { row: index + 1 })}
                    onClick={() => {
                      save.reset();
                      setRows((current) => current.filter((_, at) => at !== index));
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.actions}>
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={full}
          onClick={() => setRows((current) => [...current, { key: '', value: '', remark: '' }])}
        >
          {t('exhibitsWeb.rewrite.add')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('exhibitsWeb.rewrite.save')}
        </Button>
        <span role="status">
          {full ? t('exhibitsWeb.rewrite.full', { max: REWRITE_LIMITS.rows }) : null}
          {save.isSuccess ? t('exhibitsWeb.rewrite.saved') : null}
        </span>
      </div>
      {tried && hasProblems(problems) ? (
        <p role="alert" className={styles.problem}>
          {t('exhibitsWeb.rewrite.fix')}
        </p>
      ) : null}
      {save.isError && fromServer.size === 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('exhibitsWeb.rewrite.refused')}
          description={errorMessage(save.error)}
          data-testid="rewrite-refusal"
        />
      ) : null}
    </form>
  );
}
