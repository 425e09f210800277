import { useQuery } from '@tanstack/react-query';
import { previewKindOf, type PreviewKind } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { previewAccessQuery, previewAddress } from './media-preview-api';
import type { Resource } from './resources-api';
import { DetailsSection } from './ResourceSections';
import styles from './ResourceDetailsPage.module.css';

export interface MediaPreviewProps {
  resource: Resource;
  version: string;
  userId: number | null;
}

/**
 * An image, audio or video version shown on its details page when the caller may see it (owner, free
 * policy, authorising contract); a short line when the server asks for a licence; otherwise nothing.
 */
export function MediaPreview({ resource, version, userId }: MediaPreviewProps) {
  const kind = previewKindOf(resource.resourceType);
  if (!kind || !version) return null;
  return <PreviewSection resource={resource} version={version} userId={userId} kind={kind} />;
}

function PreviewSection({ resource, version, userId, kind }: MediaPreviewProps & { kind: PreviewKind }) {
  const t = useT();
  const address = previewAddress(useApiClient(), resource.resourceId, version);
  const access = useQuery(previewAccessQuery(address, userId)).data;
  if (access !== 'allowed' && access !== 'licenceNeeded') return null;
  const label = t(`resourcesPage.details.preview.${kind}`, { name: resource.resourceTitle || resource.resourceName });
  return (
    <DetailsSection title={t('resourcesPage.details.preview.title')} testId="media-preview">
      {access === 'licenceNeeded' ? (
        <p className={styles.muted} data-testid="preview-licence-needed">
          {t('resourcesPage.details.preview.licenceNeeded')}
        </p>
      ) : (
        <PreviewMedia kind={kind} address={address} label={label} poster={resource.coverImages[0]} />
      )}
    </DetailsSection>
  );
}

function PreviewMedia({
  kind,
  address,
  label,
  poster,
}: {
  kind: PreviewKind;
  address: string;
  label: string;
  poster: string | undefined;
}) {
  if (kind === 'image')
    // The browser's own viewer zooms: the full picture opens in a new tab.
    return (
      <a href={address} target="_blank" rel="noopener noreferrer" className={styles.previewImageLink}>
        <img src={address} alt={label} className={styles.previewImage} data-testid="preview-image" />
      </a>
    );
  if (kind === 'audio')
    return (
      <audio
        controls
        preload="metadata"
        src={address}
        aria-label={label}
        className={styles.previewAudio}
        data-testid="preview-audio"
      />
    );
  return (
    <video
      controls
      preload="metadata"
      src={address}
      poster={poster}
      aria-label={label}
      className={styles.previewVideo}
      data-testid="preview-video"
    />
  );
}
