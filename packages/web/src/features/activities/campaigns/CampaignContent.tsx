import { useT } from '../../../shared/i18n';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { campaignFor, type CampaignSection } from './campaigns';
import styles from './CampaignContent.module.css';

/** The body of an in-page campaign, chosen by the activity's link key. */
export function CampaignContent({ link }: { link: string }) {
  const t = useT();
  const campaign = campaignFor(link);
  const key = (suffix: string) => `activities.campaign.${campaign.id}.${suffix}`;

  return (
    <div className={styles.campaign} data-testid="campaign-content" data-campaign={campaign.id}>
      <p className={styles.summary}>{t(key('summary'))}</p>
      {campaign.sections.map((section) => (
        <CampaignSectionView key={section.id} section={section} textKey={(suffix) => key(`${section.id}.${suffix}`)} />
      ))}
      {campaign.note ? (
        <aside className={styles.note} aria-label={t('activities.campaign.noteLabel')}>
          {t(key('note'))}
        </aside>
      ) : null}
      <div className={styles.actions}>
        {campaign.actions.map((action) => (
          <ButtonLink key={action.id} to={action.to()} variant={action.variant} size="large">
            {t(key(`action.${action.id}`))}
          </ButtonLink>
        ))}
      </div>
    </div>
  );
}

function CampaignSectionView({ section, textKey }: { section: CampaignSection; textKey: (suffix: string) => string }) {
  const t = useT();
  return (
    <section className={styles.section} aria-labelledby={`campaign-${section.id}`}>
      <h2 id={`campaign-${section.id}`} className={styles.sectionTitle}>
        {t(textKey('title'))}
      </h2>
      {section.kind === 'bullets' ? (
        <ul className={styles.bullets}>
          {section.items.map((item) => (
            <li key={item}>{t(textKey(item))}</li>
          ))}
        </ul>
      ) : (
        <ol className={section.kind === 'steps' ? styles.steps : styles.cards}>
          {section.items.map((item) => (
            <li key={item} className={styles.item}>
              <h3 className={styles.itemTitle}>{t(textKey(`${item}.title`))}</h3>
              <p className={styles.itemText}>{t(textKey(`${item}.text`))}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
