import { Link, useParams } from 'react-router';
import { AppstoreAddOutlined, FileAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ResourceStatus, routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { resourceQuery } from '../resources';
import { PutOnline } from './PutOnline';
import { NextStep, ResultLayout, resultClasses } from '../../shared/ui/ResultLayout';
import pageStyles from './result-pages.module.css';

/** /result/resource/create/success/:id — the wizard's end: what was made and what to do next. */
export function ResourceCreateSuccessPage() {
  const t = useT();
  const api = useApiClient();
  const { id = '' } = useParams();
  const resource = useQuery(resourceQuery(api, id)).data;
  const online = resource?.status === ResourceStatus.Online;
  useDocumentTitle(t('creator.result.created'));
  return (
    <ResultLayout
      title={t('creator.result.created')}
      lead={
        resource && t(online ? 'creator.result.leadOnline' : 'creator.result.lead', { name: resource.resourceName })
      }
      testId="resource-created"
    >
      <OnlineStep resourceId={id} online={online} />
      <NextStep title={t('creator.result.step.details.title')} text={t('creator.result.step.details.text')}>
        <ButtonLink to={routes.resourceDetails(id)} variant="secondary">
          {t('creator.result.details')}
        </ButtonLink>
      </NextStep>
      <NextStep title={t('creator.result.step.policy.title')} text={t('creator.result.step.policy.text')}>
        <ButtonLink to={routes.resourceSidebar.policy(id)} variant="secondary">
          {t('creator.result.step.policy.action')}
        </ButtonLink>
      </NextStep>
      <AnotherStep />
    </ResultLayout>
  );
}

/** /result/resource/version/create/success/:id/:version */
export function VersionCreateSuccessPage() {
  const t = useT();
  const api = useApiClient();
  const { id = '', version = '' } = useParams();
  const resource = useQuery(resourceQuery(api, id)).data;
  useDocumentTitle(t('creator.result.versionCreated', { version }));
  return (
    <ResultLayout title={t('creator.result.versionCreated', { version })} testId="version-created">
      <VersionSteps id={id} version={version} />
      {resource && resource.status !== ResourceStatus.Online && <OnlineStep resourceId={id} online={false} />}
    </ResultLayout>
  );
}

/** Putting the resource online, or that it is online already. */
function OnlineStep({ resourceId, online }: { resourceId: string; online: boolean }) {
  const t = useT();
  return (
    <NextStep
      title={t('creator.result.step.online.title')}
      text={online ? t('creator.result.step.online.done') : t('creator.result.onlineHint')}
    >
      {online ? null : <PutOnline resourceId={resourceId} />}
    </NextStep>
  );
}

function AnotherStep() {
  const t = useT();
  return (
    <NextStep title={t('creator.result.step.another.title')} text={t('creator.result.step.another.text')}>
      <ButtonLink to={routes.resourceCreatorEntry()} variant="secondary">
        {t('creator.result.step.another.action')}
      </ButtonLink>
    </NextStep>
  );
}

function VersionSteps({ id, version }: { id: string; version: string }) {
  const t = useT();
  return (
    <>
      <NextStep title={t('creator.result.step.version.title')} text={t('creator.result.step.version.text')}>
        <ButtonLink to={routes.resourceDetails(id, { version })} variant="secondary">
          {t('creator.result.versionDetails')}
        </ButtonLink>
      </NextStep>
      <NextStep title={t('creator.result.step.editVersion.title')} text={t('creator.result.step.editVersion.text')}>
        <ButtonLink to={routes.resourceSidebar.versionInfo(id, { version })} variant="secondary">
          {t('creator.result.editVersion')}
        </ButtonLink>
      </NextStep>
      <NextStep title={t('creator.result.step.nextVersion.title')} text={t('creator.result.step.nextVersion.text')}>
        <ButtonLink to={routes.resourceList()} variant="secondary">
          {t('creator.result.step.nextVersion.action')}
        </ButtonLink>
      </NextStep>
    </>
  );
}

const ENTRY_CHOICES = [
  { key: 'single', to: () => routes.resourceCreator(), icon: <FileAddOutlined /> },
  { key: 'batch', to: () => routes.resourceCreatorBatch(), icon: <AppstoreAddOutlined /> },
] as const;

/**
 * /resource/creatorEntry — how to publish: one resource through the wizard, or a batch of files.
 * Collections join the choices once they exist.
 */
export function CreatorEntryPage() {
  const t = useT();
  useDocumentTitle(t('creator.entry.heading'));
  return (
    <PageContainer>
      <div className={resultClasses.card}>
        <h1 className={resultClasses.title}>{t('creator.entry.heading')}</h1>
        <p className={resultClasses.lead}>{t('creator.entry.lead')}</p>
        <ul className={`${resultClasses.steps} ${pageStyles.choices}`} data-testid="creator-choices">
          {ENTRY_CHOICES.map((choice, index) => (
            <li key={choice.key} className={`${resultClasses.step} ${pageStyles.choice}`}>
              <span className={pageStyles.choiceIcon} aria-hidden="true">
                {choice.icon}
              </span>
              <h2>{t(`creator.entry.${choice.key}`)}</h2>
              <p>{t(`creator.entry.${choice.key}.text`)}</p>
              <ButtonLink
                to={choice.to()}
                variant={index === 0 ? 'primary' : 'secondary'}
                label={t('creator.entry.choiceLink', {
                  choice: t(`creator.entry.${choice.key}`),
                  action: t(`creator.entry.${choice.key}.action`),
                })}
              >
                {t(`creator.entry.${choice.key}.action`)}
              </ButtonLink>
            </li>
          ))}
        </ul>
        <p className={pageStyles.later}>{t('creator.entry.collectionLater')}</p>
        <Link to={routes.resourceList()}>{t('creator.entry.mine')}</Link>
      </div>
    </PageContainer>
  );
}

/**
 * /result/resource/version/create/release/:id/:version — a new version of a resource that had
 * versions: whether the resource is online (the version is available at once) or offline (put it
 * online here), the version's details and its editor.
 */
export function VersionReleasePage() {
  const t = useT();
  const api = useApiClient();
  const { id = '', version = '' } = useParams();
  const read = useQuery(resourceQuery(api, id));
  const resource = read.data;
  useDocumentTitle(t('creator.result.released', { version }));

  const offline = resource?.status === ResourceStatus.Offline;

  return (
    <ResultLayout
      title={t('creator.result.released', { version })}
      testId="version-released"
      status={
        <>
          {!resource && read.isError && <StatusPanel tone="error" title={errorMessage(read.error)} />}
          {read.isPending && <StatusPanel tone="loading" title={t('common.loading')} />}
          {resource && (
            <p role="status" className={resultClasses.lead}>
              {t(
                resource.status === ResourceStatus.Online
                  ? 'creator.result.releasedOnline'
                  : resource.status === ResourceStatus.Frozen
                    ? 'creator.result.releasedFrozen'
                    : 'creator.result.releasedOffline',
                { name: resource.resourceName },
              )}
            </p>
          )}
        </>
      }
    >
      {offline && <OnlineStep resourceId={id} online={false} />}
      <VersionSteps id={id} version={version} />
    </ResultLayout>
  );
}
