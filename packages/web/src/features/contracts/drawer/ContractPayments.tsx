import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { ContractStatus, upcomingEvents, type PolicyFsm } from '@tessera/domain';
import { signedInUserId } from '../../resources';
import { formatCoins, PayDialog, type ContractPayment } from '../../wallet';
import { useT } from '../../../shared/i18n';
import { authKeys } from '../auths-api';
import { contractKeys, type Contract } from '../contracts-api';
import { PLATFORM_OFFSET } from '../platform-time';
import styles from './drawer.module.css';

/**
 * The payments the licensee's owner can make now: one button per payment event of the current state, each
 * opening the pay dialog; after a payment the contract, its lists, its history and the auth answers are read again.
 */
export function ContractPayments({ contract, fsm }: { contract: Contract; fsm: PolicyFsm | null }) {
  const t = useT();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<ContractPayment | null>(null);
  if (!fsm || contract.status !== ContractStatus.InForce || signedInUserId() !== contract.licenseeOwnerId) return null;

  const payments: ContractPayment[] = upcomingEvents(
    fsm,
    {
      status: contract.status as ContractStatus,
      fsmCurrentState: contract.fsmCurrentState,
      fsmStateEnterDate: new Date(contract.fsmStateEnterDate),
    },
    PLATFORM_OFFSET,
  ).flatMap((event) =>
    event.kind === 'payment' ? [{ eventId: event.eventId, amount: event.amount, toState: event.toState }] : [],
  );
  if (payments.length === 0 && !paying) return null;

  // The dialog outlives the payment buttons: once paid, the state has no payment left to offer.
  return (
    <>
      {payments.length > 0 ? (
        <section aria-labelledby={headingId} className={styles.section} data-testid="contract-payments">
          <h2 id={headingId} className={styles.heading}>
            {t('walletPage.pay.title')}
          </h2>
          <div className={styles.payments}>
            {payments.map((payment) => (
              <Button
                key={payment.eventId}
                type="primary"
                data-testid="contract-pay"
                data-event-id={payment.eventId}
                onClick={() => setPaying(payment)}
              >
                {t('walletPage.pay.open', { amount: formatCoins(payment.amount), state: payment.toState })}
              </Button>
            ))}
          </div>
        </section>
      ) : null}
      {paying ? (
        <PayDialog
          open
          onClose={() => setPaying(null)}
          contract={contract}
          payment={paying}
          onPaid={() => {
            // The contract moved, and with it the auth answers of the resources it licenses.
            void queryClient.invalidateQueries({ queryKey: contractKeys.all });
            void queryClient.invalidateQueries({ queryKey: authKeys.all });
          }}
        />
      ) : null}
    </>
  );
}
