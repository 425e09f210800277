import { formatDisplayDate } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import type { ActivityDetail } from './activity-detail';
import styles from './ValidityBanner.module.css';

const bannerClass = { NotStart: styles.notStart, Validity: styles.validity, Finished: styles.finished };

/** Where now falls in the activity's window (SPEC §4 timeValidity), with the date that matters. */
export function ValidityBanner({ detail }: { detail: ActivityDetail }) {
  const t = useT();
  const { timeValidity } = detail;
  const date = (value: Date | null) => formatDisplayDate(value, true);

  let note = '';
  if (timeValidity === 'NotStart') note = t('activities.validity.startsAt', { start: date(detail.startTime) });
  else if (timeValidity === 'Validity') {
    note =
      detail.persist || !detail.endTime
        ? t('activities.window.longTerm')
        : t('activities.validity.endsAt', { end: date(detail.endTime) });
  } else if (detail.announceTime) note = t('activities.validity.announceAt', { announce: date(detail.announceTime) });

  return (
    <p
      className={`${styles.banner} ${bannerClass[timeValidity]}`}
      data-testid="activity-validity"
      data-validity={timeValidity}
    >
      <strong className={styles.state}>{t(`activities.validity.${timeValidity}`)}</strong>
      {note ? <span className={styles.note}>{note}</span> : null}
    </p>
  );
}
