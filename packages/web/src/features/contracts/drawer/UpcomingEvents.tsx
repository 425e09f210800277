import { useId } from 'react';
import { ContractStatus, describeUpcomingEvent, upcomingEvents, type PolicyFsm } from '@tessera/domain';
import { useI18nState } from '../../../shared/i18n';
import type { Contract } from '../contracts-api';
import { PLATFORM_OFFSET, timeUntil } from '../platform-time';
import styles from './drawer.module.css';

/**
 * What can happen to the contract next, by the same state machine the server runs: the payments of its
 * current state ("Pay 10.00 coins → active"), then its time events by due date with how far away they
 * are ("On 2027/01/03 12:00 → expired · in 3 days").
 */
export function UpcomingEvents({ contract, fsm }: { contract: Contract; fsm: PolicyFsm | null }) {
  const { t, language, texts } = useI18nState();
  const headingId = useId();
  const events = fsm
    ? upcomingEvents(
        fsm,
        {
          status: contract.status as ContractStatus,
          fsmCurrentState: contract.fsmCurrentState,
          fsmStateEnterDate: new Date(contract.fsmStateEnterDate),
        },
        PLATFORM_OFFSET,
      )
    : [];
  const now = new Date();
  const empty =
    contract.status === ContractStatus.InForce
      ? t('contractsPage.drawer.next.none')
      : t('contractsPage.drawer.next.stopped');

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {t('contractsPage.drawer.next')}
      </h2>
      {events.length === 0 ? (
        <p className={styles.muted} data-testid="contract-next-none">
          {empty}
        </p>
      ) : (
        <ul className={styles.next} aria-labelledby={headingId} data-testid="contract-next">
          {events.map((event) => {
            const sentence = describeUpcomingEvent(event, language, texts, PLATFORM_OFFSET);
            const due = event.kind === 'time' && event.dueDate ? event.dueDate : null;
            const distance = due ? (timeUntil(due, now, language) ?? t('contractsPage.drawer.next.due')) : null;
            return (
              <li key={event.eventId}>
                {sentence}
                {distance ? <span className={styles.distance}> · {distance}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
