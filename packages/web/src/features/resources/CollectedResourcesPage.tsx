import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavouriteWire } from '@tessera/contract/favourites';
import { Alert, Button, Input, Tag } from 'antd';
import { formatDisplayDate, routes, SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { PagedListView } from './PagedListView';
import { ResourceCover } from './ResourceCard';
import { statusColor, statusKey, typePathLabel } from './resource-labels';

import { listFavourites, removeFavourite, resourceKeys } from './resources-api';
import { useInfiniteList } from './use-infinite-list';
import styles from './CollectedResourcesPage.module.css';

/** /resource/collect: the resources the signed-in user collected, newest first, each removable. */
export function CollectedResourcesPage() {
  const t = useT();
  const api = useApiClient();
  useDocumentTitle(t('resourcesPage.collect.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const keywords = searchParams.get('keywords') ?? '';
  const queries = useQueryClient();
  const list = useInfiniteList(resourceKeys.favourites(keywords), (skip, signal) =>
    listFavourites(api, keywords, skip, signal),
  );
  // The removed row leaves the list at once; the resource's own count and flag are asked again.
  const removal = useMutation({
    mutationFn: (resourceId: string) => removeFavourite(api, resourceId),
    onSuccess: (_done, resourceId) => {
      list.drop((item) => item.resourceId !== resourceId);
      return Promise.all([
        queries.invalidateQueries({ queryKey: resourceKeys.favouriteCount(resourceId) }),
        queries.invalidateQueries({ queryKey: resourceKeys.isCollected(resourceId) }),
      ]);
    },
  });
  const removing = removal.isPending ? removal.variables : null;
  const error = removal.isError ? errorMessage(removal.error) : '';

  return (
    <PageContainer>
      <PageHeading title={t('resourcesPage.collect.title')} lead={t('resourcesPage.collect.lead')} />
      <Input.Search
        key={keywords}
        defaultValue={keywords}
        maxLength={SEARCH_KEYWORDS_MAX_LENGTH}
        aria-label={t('resourcesPage.collect.searchLabel')}
        placeholder={t('resourcesPage.mine.searchPlaceholder')}
        allowClear
        className={styles.search}
        onSearch={(value) => setSearchParams(value.trim() ? { keywords: value.trim() } : {})}
      />
      {error ? <Alert type="error" showIcon title={error} className={styles.alert} /> : null}
      <PagedListView
        list={list}
        testId="collect"
        emptyTitle={t(keywords ? 'resourcesPage.mine.noMatch' : 'resourcesPage.collect.empty')}
        emptyActions={
          keywords ? undefined : <ButtonLink to={routes.market()}>{t('resourcesPage.details.toMarket')}</ButtonLink>
        }
      >
        {(items) => (
          <ul className={styles.list} aria-label={t('resourcesPage.collect.title')}>
            {items.map((favourite) => (
              <FavouriteRow
                key={favourite.resourceId}
                favourite={favourite}
                removing={removing === favourite.resourceId}
                onRemove={() => removal.mutate(favourite.resourceId)}
              />
            ))}
          </ul>
        )}
      </PagedListView>
    </PageContainer>
  );
}

function FavouriteRow({
  favourite,
  removing,
  onRemove,
}: {
  favourite: FavouriteWire;
  removing: boolean;
  onRemove: () => void;
}) {
  const t = useT();
  const [language] = useLanguage();
  const title = favourite.resourceTitle || favourite.resourceName;
  return (
    <li className={styles.row} data-testid="favourite-row">
      <ResourceCover src={favourite.coverImages[0]} className={styles.thumb} />
      <div className={styles.text}>
        <Link to={routes.resourceDetails(favourite.resourceId)} className={styles.title}>
          {title}
        </Link>
        <span className={styles.meta}>
          {typePathLabel(favourite.resourceType, '', language)} · {favourite.authorName} ·{' '}
          {t('resourcesPage.card.updated', { date: formatDisplayDate(favourite.resourceUpdateDate) })}
        </span>
      </div>
      {favourite.resourceStatus !== 1 ? (
        <Tag color={statusColor(favourite.resourceStatus)}>{t(statusKey(favourite.resourceStatus))}</Tag>
      ) : null}
      <Button onClick={onRemove} loading={removing} aria-label={t('resourcesPage.collect.removeNamed', { title })}>
        {t('resourcesPage.collect.remove')}
      </Button>
    </li>
  );
}
