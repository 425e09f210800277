import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { StandaloneFrame } from '../../shared/ui/StandaloneFrame';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import styles from './GuidePage.module.css';

/** The steps, each with a link to the page where it is done (only pages that exist). */
const steps = [
  { id: 'account', to: () => routes.logon() },
  { id: 'resource', to: routes.resourceCreatorEntry },
  { id: 'policy', to: routes.resourceList },
  { id: 'node', to: routes.nodeCreator },
  { id: 'exhibit', to: () => routes.market() },
] as const;

/** Route 1: getting started, on its own page without the layout. */
export function GuidePage() {
  const t = useT();
  useDocumentTitle(t('guide.title'));

  return (
    <StandaloneFrame>
      <div className={styles.page}>
        <header className={styles.intro}>
          <p className={styles.eyebrow}>{t('guide.eyebrow')}</p>
          <h1 className={styles.title}>{t('guide.title')}</h1>
          <p className={styles.lead}>{t('guide.lead')}</p>
        </header>

        <section aria-labelledby="guide-steps">
          <h2 id="guide-steps" className={styles.sectionTitle}>
            {t('guide.stepsTitle')}
          </h2>
          <ol className={styles.steps}>
            {steps.map(({ id: step, to }, index) => (
              <li key={step} className={styles.step}>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={styles.stepTitle}>{t(`guide.step.${step}.title`)}</h3>
                  <p className={styles.stepText}>{t(`guide.step.${step}.text`)}</p>
                  <p className={styles.stepTip}>{t(`guide.step.${step}.tip`)}</p>
                  <Link to={to()} className={styles.stepLink}>
                    {t(`guide.step.${step}.action`)}
                  </Link>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.next} aria-labelledby="guide-next">
          <h2 id="guide-next" className={styles.sectionTitle}>
            {t('guide.next.title')}
          </h2>
          <p className={styles.nextText}>{t('guide.next.text')}</p>
          <div className={styles.actions}>
            <ButtonLink to={routes.home()} size="large">
              {t('common.backHome')}
            </ButtonLink>
            <ButtonLink to={routes.activities()} variant="secondary" size="large">
              {t('guide.next.activities')}
            </ButtonLink>
          </div>
        </section>
      </div>
    </StandaloneFrame>
  );
}
