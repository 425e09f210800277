import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { DESCRIPTION_MAX_LENGTH, formatDisplayDate, routes } from '@tessera/domain';
import { fieldErrorsOf, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { RichTextField } from '../../shared/ui/rich-text/RichTextField';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { type Resource, type ResourceVersion, useResourceVersion, VersionProperties } from '../resources';
import { FieldProblem, refreshResourceReads } from '../creator';
import { saveVersionDescription, versionDownloadAddress } from './editor-api';
import { SavedStatus, SaveFailure } from './save-feedback';
import type { TabProps } from './tab-props';
import { useChosenVersion } from './use-chosen-version';
import styles from './ResourceEditor.module.css';

/** The versions, newest first, and the chosen one: its file, properties and editable description. */
export function VersionTab({ resource, readOnly }: TabProps) {
  const t = useT();
  const chosen = useChosenVersion(resource);
  const versionState = useResourceVersion(resource, chosen);
  const newVersion = readOnly ? null : (
    <ButtonLink to={routes.resourceVersionCreator(resource.resourceId)}>{t('resourceEditor.version.new')}</ButtonLink>
  );

  if (resource.resourceVersions.length === 0) {
    return (
      <StatusPanel
        tone="empty"
        title={t('resourceEditor.version.none')}
        description={t('resourceEditor.version.noneHint')}
        actions={newVersion}
        testId="versions-empty"
      />
    );
  }
  const versions = [...resource.resourceVersions].reverse();
  return (
    <div className={styles.versions}>
      <div className={styles.versionList}>
        <ul aria-label={t('resourceEditor.version.list')}>
          {versions.map((item) => (
            <li key={item.version}>
              <Link
                to={routes.resourceSidebar.versionInfo(resource.resourceId, { version: item.version })}
                aria-current={item.version === chosen ? 'true' : undefined}
                className={
                  item.version === chosen ? `${styles.versionLink} ${styles.versionActive}` : styles.versionLink
                }
              >
                <strong>{item.version}</strong>
                <span>{formatDisplayDate(item.createDate)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {newVersion}
      </div>
      <div className={styles.versionBody}>
        {versionState.status === 'loaded' ? (
          <VersionDetails
            key={versionState.version.version}
            resource={resource}
            version={versionState.version}
            readOnly={readOnly}
          />
        ) : versionState.status === 'error' ? (
          <StatusPanel tone="error" title={t('resourceEditor.version.error')} testId="version-error" />
        ) : (
          <StatusPanel tone="loading" title={t('common.loading')} />
        )}
      </div>
    </div>
  );
}

function VersionDetails({
  resource,
  version,
  readOnly,
}: {
  resource: Resource;
  version: ResourceVersion;
  readOnly: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  return (
    <article
      aria-label={t('resourceEditor.version.heading', { version: version.version })}
      data-testid="version-details"
    >
      <h3 className={styles.subTitle}>{t('resourceEditor.version.heading', { version: version.version })}</h3>
      <section className={styles.block} aria-label={t('resourceEditor.version.file')}>
        <h4 className={styles.blockTitle}>{t('resourceEditor.version.file')}</h4>
        <p className={styles.fileRow}>
          <span className={styles.filename}>{version.filename || '—'}</span>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            href={versionDownloadAddress(api, resource.resourceId, version.version)}
            download={version.filename || true}
          >
            {t('resourceEditor.version.download')}
          </Button>
        </p>
        <VersionProperties version={version} />
      </section>
      <DescriptionEditor resourceId={resource.resourceId} version={version} readOnly={readOnly} />
    </article>
  );
}

function DescriptionEditor({
  resourceId,
  version,
  readOnly,
}: {
  resourceId: string;
  version: ResourceVersion;
  readOnly: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  const queries = useQueryClient();
  const [saved, setSaved] = useState(version.description);
  const [text, setText] = useState(saved);
  const labelId = useId();
  const save = useMutation({
    mutationFn: (description: string) => saveVersionDescription(api, resourceId, version.version, description),
    onSuccess: (_, description) => {
      setSaved(description);
      return refreshResourceReads(queries);
    },
  });

  return (
    <section className={styles.block}>
      <div className={styles.field}>
        <span id={labelId} className={styles.blockTitle}>
          {t('resourceEditor.version.description')}
        </span>
        <RichTextField
          labelledBy={labelId}
          value={text}
          readOnly={readOnly}
          maxLength={DESCRIPTION_MAX_LENGTH}
          invalid={fieldErrorsOf(save.error).has('description')}
          placeholder={t('resourceEditor.version.descriptionPlaceholder')}
          onChange={(html) => {
            setText(html);
            save.reset();
          }}
        />
      </div>
      <FieldProblem errors={fieldErrorsOf(save.error)} field="description" />
      {readOnly ? null : (
        <div className={styles.formActions}>
          <Button type="primary" loading={save.isPending} disabled={text === saved} onClick={() => save.mutate(text)}>
            {t('resourceEditor.version.saveDescription')}
          </Button>
          <SavedStatus save={save} text={t('resourceEditor.version.descriptionSaved')} />
        </div>
      )}
      <SaveFailure
        save={save}
        title={t('resourceEditor.version.saveFailed')}
        testId="description-error"
        shownFields={['description']}
      />
    </section>
  );
}
