import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { FeatureIcon, type FeatureIconName } from './FeatureIcon';
import { HeroIllustration } from './HeroIllustration';
import { HomeActivities } from './HomeActivities';
import { HomeCampaign } from './HomeCampaign';
import styles from './HomePage.module.css';

const pillars: FeatureIconName[] = ['resource', 'policy', 'node'];

interface Audience {
  id: 'creators' | 'nodeOwners';
  points: readonly string[];
  action: { to: () => string; label: string };
}

const audiences: Audience[] = [
  {
    id: 'creators',
    points: ['versions', 'policies', 'dependencies', 'income'],
    action: { to: routes.guideFreelog, label: 'guide' },
  },
  {
    id: 'nodeOwners',
    points: ['node', 'exhibits', 'themes', 'testNode'],
    action: { to: routes.guideFreelog, label: 'guide' },
  },
];

/** Route 4: what Tessera is, for whom, and what is happening now. */
export function HomePage() {
  const t = useT();
  useDocumentTitle(t('home.documentTitle'));

  return (
    <div className={styles.home}>
      <HomeCampaign />
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
            <h1 id="home-title" className={styles.heroTitle}>
              {t('home.hero.title')}
            </h1>
            <p className={styles.heroLead}>{t('home.hero.lead')}</p>
            <div className={styles.heroActions}>
              <ButtonLink to={routes.guideFreelog()} size="large">
                {t('home.hero.start')}
              </ButtonLink>
              <ButtonLink to={routes.activities()} variant="secondary" size="large">
                {t('home.hero.activities')}
              </ButtonLink>
            </div>
          </div>
          <HeroIllustration className={styles.heroArt} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-what">
        <h2 id="home-what" className={styles.sectionTitle}>
          {t('home.what.title')}
        </h2>
        <p className={styles.sectionLead}>{t('home.what.lead')}</p>
        <ul className={styles.pillars}>
          {pillars.map((pillar) => (
            <li key={pillar} className={styles.pillar}>
              <FeatureIcon name={pillar} />
              <h3 className={styles.pillarTitle}>{t(`home.what.${pillar}.title`)}</h3>
              <p className={styles.pillarText}>{t(`home.what.${pillar}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {audiences.map((audience) => (
        <section
          key={audience.id}
          className={`${styles.section} ${styles.audience}`}
          aria-labelledby={`home-${audience.id}`}
        >
          <div className={styles.audienceIntro}>
            <p className={styles.eyebrow}>{t(`home.${audience.id}.eyebrow`)}</p>
            <h2 id={`home-${audience.id}`} className={styles.sectionTitle}>
              {t(`home.${audience.id}.title`)}
            </h2>
            <p className={styles.sectionLead}>{t(`home.${audience.id}.lead`)}</p>
            <ButtonLink to={audience.action.to()} variant="secondary">
              {t(`home.${audience.id}.action.${audience.action.label}`)}
            </ButtonLink>
          </div>
          <ul className={styles.points}>
            {audience.points.map((point) => (
              <li key={point} className={styles.point}>
                <h3 className={styles.pointTitle}>{t(`home.${audience.id}.${point}.title`)}</h3>
                <p className={styles.pointText}>{t(`home.${audience.id}.${point}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <HomeActivities />

      <section className={styles.closing} aria-labelledby="home-closing">
        <div className={styles.closingInner}>
          <h2 id="home-closing" className={styles.closingTitle}>
            {t('home.closing.title')}
          </h2>
          <p className={styles.closingText}>{t('home.closing.text')}</p>
          <div className={styles.heroActions}>
            <ButtonLink to={routes.guideFreelog()} variant="inverse" size="large">
              {t('home.closing.guide')}
            </ButtonLink>
            <ButtonLink to={routes.activities()} variant="ghost" size="large">
              {t('home.closing.activities')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
