import { useId } from 'react';
import { Link } from 'react-router';
import { formatDisplayDate, routes } from '@tessera/domain';
import { useLanguage, useT } from '../../shared/i18n';
import { enabledPolicyNames, priceLabels, typePathLabel } from './resource-labels';
import type { Resource } from './resources-api';
import styles from './ResourceCard.module.css';

/**
 * A resource in the market and in search results: cover, title, type, price, owner, last update.
 * `firstSeen`: the card is in the first row, so its cover is fetched at once, ahead of the rest.
 */
export function ResourceCard({ resource, firstSeen = false }: { resource: Resource; firstSeen?: boolean }) {
  const t = useT();
  const [language] = useLanguage();
  const prices = priceLabels(resource.policies);
  const labels =
    prices.length > 0
      ? prices.map((price) => t(`resourcesPage.price.${price}`))
      : enabledPolicyNames(resource.policies).slice(0, 2);
  return (
    <article className={styles.card} data-testid="resource-card">
      <Link to={routes.resourceDetails(resource.resourceId)} className={styles.link}>
        <ResourceCover src={resource.coverImages[0]} className={styles.cover} eager={firstSeen} />
        <div className={styles.body}>
          <h3 className={styles.title}>{resource.resourceTitle || resource.resourceName}</h3>
          <p className={styles.type}>{typePathLabel(resource.resourceType, resource.resourceTypeCode, language)}</p>
          {labels.length > 0 ? (
            <ul className={styles.labels} aria-label={t('resourcesPage.card.policies')}>
              {labels.map((label) => (
                <li key={label} className={label === t('resourcesPage.price.free') ? styles.free : styles.label}>
                  {label}
                </li>
              ))}
            </ul>
          ) : null}
          <p className={styles.meta}>
            <span className={styles.owner}>{resource.username}</span>
            <span>{t('resourcesPage.card.updated', { date: formatDisplayDate(resource.updateDate) })}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}

/**
 * A cover image, or a calm tile when the resource has none. Covers load as they come into view, but
 * an `eager` one (the page's first, largest picture: what the page is judged to have painted by) loads
 * at once and first.
 */
export function ResourceCover({
  src,
  className,
  eager = false,
}: {
  src?: string;
  className?: string;
  eager?: boolean;
}) {
  return src ? (
    <img
      src={src}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      className={`${styles.image} ${className ?? ''}`}
    />
  ) : (
    <span className={`${styles.placeholder} ${className ?? ''}`} aria-hidden="true" />
  );
}

/** Cards in the widest grid's first row. */
const FIRST_ROW = 4;

/**
 * Cards in a grid that fits the width (one column on a phone). `headed`: the grid sits right under the
 * page's h1, so its label is a visually hidden h2 and the cards' h3 titles do not skip a level.
 */
export function ResourceCardGrid({
  resources,
  label,
  headed = false,
}: {
  resources: Resource[];
  label: string;
  headed?: boolean;
}) {
  const headingId = useId();
  return (
    <>
      {headed ? (
        <h2 id={headingId} className="visually-hidden">
          {label}
        </h2>
      ) : null}
      <ul className={styles.grid} {...(headed ? { 'aria-labelledby': headingId } : { 'aria-label': label })}>
        {resources.map((resource, index) => (
          <li key={resource.resourceId}>
            <ResourceCard resource={resource} firstSeen={index < FIRST_ROW} />
          </li>
        ))}
      </ul>
    </>
  );
}
