import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Tag } from 'antd';
import { HeartFilled, HeartOutlined, ShareAltOutlined } from '@ant-design/icons';
import { formatDisplayDate, routes } from '@tessera/domain';
import { useLanguage, useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResourceCover } from './ResourceCard';
import { statusColor, statusKey, typePathLabel } from './resource-labels';
import type { Resource } from './resources-api';
import { useFavourite } from './use-favourite';
import { VersionSelect } from './VersionSelect';
import styles from './ResourceDetailsPage.module.css';

export interface ResourceHeaderProps {
  resource: Resource;
  isOwner: boolean;
  signedIn: boolean;
  version: string;
  onVersionChange: (version: string) => void;
}

/** Cover, title, name, type, tags, the version switch and the favourite and share actions. */
export function ResourceHeader({ resource, isOwner, signedIn, version, onVersionChange }: ResourceHeaderProps) {
  const t = useT();
  const [language] = useLanguage();
  return (
    <header className={styles.header}>
      <ResourceCover src={resource.coverImages[0]} className={styles.cover} eager />
      <div className={styles.headerText}>
        <h1 className={styles.title}>{resource.resourceTitle || resource.resourceName}</h1>
        <p className={styles.name} data-testid="resource-name">
          {resource.resourceName}
        </p>
        <p className={styles.facts}>
          <span>{typePathLabel(resource.resourceType, resource.resourceTypeCode, language)}</span>
          <span>{t('resourcesPage.card.updated', { date: formatDisplayDate(resource.updateDate) })}</span>
          {isOwner ? <Tag color={statusColor(resource.status)}>{t(statusKey(resource.status))}</Tag> : null}
        </p>
        {resource.tags.length > 0 ? (
          <ul className={styles.tags} aria-label={t('resourcesPage.details.tags')}>
            {resource.tags.map((tag) => (
              <li key={tag}>
                <Tag>{tag}</Tag>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={styles.actions}>
          {resource.resourceVersions.length > 0 ? (
            <VersionSelect
              resource={resource}
              label={t('resourcesPage.details.version')}
              value={version}
              onChange={onVersionChange}
              className={styles.versionSwitch}
            />
          ) : null}
          <FavouriteButton resourceId={resource.resourceId} signedIn={signedIn} />
          <ShareButton resourceId={resource.resourceId} />
          {isOwner ? (
            <ButtonLink to={routes.resourceSidebar.info(resource.resourceId)} variant="secondary">
              {t('resourcesPage.details.manage')}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function FavouriteButton({ resourceId, signedIn }: { resourceId: string; signedIn: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const favourite = useFavourite(resourceId, signedIn);
  const count = favourite.count ?? 0;
  const onClick = signedIn
    ? favourite.toggle
    : () => navigate(routes.login({ goTo: `${window.location.origin}${pathname}${search}` }));
  return (
    <span className={styles.favourite}>
      <Button
        icon={favourite.collected ? <HeartFilled /> : <HeartOutlined />}
        aria-pressed={favourite.collected}
        loading={favourite.busy}
        onClick={onClick}
        data-testid="favourite-toggle"
      >
        {t(favourite.collected ? 'resourcesPage.details.collected' : 'resourcesPage.details.collect', { count })}
      </Button>
      {favourite.error ? (
        <span role="alert" className={styles.inlineError}>
          {favourite.error}
        </span>
      ) : null}
    </span>
  );
}

function ShareButton({ resourceId }: { resourceId: string }) {
  const t = useT();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const address = `${window.location.origin}${routes.resourceDetails(resourceId)}`;
  const copy = () => {
    Promise.resolve(navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  return (
    <span className={styles.share}>
      <Button icon={<ShareAltOutlined />} onClick={copy}>
        {t('resourcesPage.details.share')}
      </Button>
      <span role="status" className={styles.shareStatus}>
        {copied === 'copied' ? t('resourcesPage.details.linkCopied') : null}
        {copied === 'failed' ? t('resourcesPage.details.copyThisLink', { address }) : null}
      </span>
    </span>
  );
}
