import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import type { ContractPaymentWire, ContractWire } from '@tessera/contract/contracts';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { centsToWire, formatCoins, toCents } from './money';
import { PAY_PASSWORD_LENGTH, PayPasswordInput } from './PayPasswordInput';
import { Refusal, refusalCode, sendsToWallet } from './payment-refusal';
import { accountQuery, AccountStatus, payContract, walletKeys, type Account } from './wallet-api';
import styles from './PayDialog.module.css';

/** A payment event of the contract's current state (upcomingEvents of @tessera/domain gives them). */
export interface ContractPayment {
  eventId: string;
  amount: string;
  toState: string;
}

export interface PayDialogProps {
  open: boolean;
  onClose: () => void;
  /** The caller is the licensee's owner. */
  contract: Pick<ContractWire, 'contractId' | 'contractName' | 'licensorOwnerName' | 'licenseeOwnerId'>;
  payment: ContractPayment;
  /** After a payment went through: read the contract again, say. */
  onPaid?: (answer: ContractPaymentWire) => void;
}

/**
 * Paying a contract's payment event: the amount, the balance before and after, the 6-digit pay password,
 * then the result with the contract's new state. Each opening has its own idempotency key and the button
 * is off while a payment runs, so a second click or a retry after a lost answer never charges twice.
 */
export function PayDialog({ open, onClose, contract, payment, onPaid }: PayDialogProps) {
  const t = useT();
  const passwordRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('walletPage.pay.title')}
      footer={null}
      destroyOnHidden
      closable={{ 'aria-label': t('walletPage.pay.close') }}
      // The dialog takes the focus as it opens; the password field is where the person starts.
      afterOpenChange={(visible) => visible && passwordRef.current?.focus()}
    >
      {open ? (
        <PayForm contract={contract} payment={payment} onClose={onClose} onPaid={onPaid} passwordRef={passwordRef} />
      ) : null}
    </Modal>
  );
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function PayForm({
  contract,
  payment,
  onClose,
  onPaid,
  passwordRef,
}: Omit<PayDialogProps, 'open'> & { passwordRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [password, setPassword] = useState('');
  // Two clicks in one tick both see the button enabled: the ref lets only the first through.
  const inFlight = useRef(false);
  const account = useQuery(accountQuery(api, contract.licenseeOwnerId));
  const pay = useMutation({
    mutationFn: (body: { accountId: string; password: string }) =>
      payContract(api, contract.contractId, {
        eventId: payment.eventId,
        transactionAmount: payment.amount,
        idempotencyKey,
        ...body,
      }),
    onSuccess: (answer) => onPaid?.(answer),
    onError: () => {
      setPassword('');
      passwordRef.current?.focus();
    },
    // The balance changed, or a refusal may say why it did not.
    onSettled: () => {
      inFlight.current = false;
      return queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });

  if (pay.data)
    return <PayResult answer={pay.data} payment={payment} payee={contract.licensorOwnerName} onClose={onClose} />;

  const amountCents = toCents(payment.amount) ?? 0;
  const balanceCents = account.data ? toCents(account.data.balance) : null;
  const afterCents = balanceCents === null ? null : balanceCents - amountCents;
  const blocker = account.data ? accountBlocker(account.data, afterCents) : null;
  const canPay = account.data !== undefined && blocker === null && password.length === PAY_PASSWORD_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!account.data || !canPay || inFlight.current) return;
    inFlight.current = true;
    pay.mutate({ accountId: account.data.accountId, password });
  }

  const code = refusalCode(pay.error);
  return (
    <form onSubmit={submit} className={styles.form} data-testid="pay-dialog" aria-busy={pay.isPending}>
      <dl className={styles.facts}>
        <dt>{t('walletPage.pay.contract')}</dt>
        <dd>{contract.contractName}</dd>
        <dt>{t('walletPage.pay.payee')}</dt>
        <dd>{contract.licensorOwnerName}</dd>
        <dt>{t('walletPage.pay.amount')}</dt>
        <dd className={styles.amount} data-testid="pay-amount">
          {formatCoins(payment.amount)} {t('walletPage.coins')}
        </dd>
        <dt>{t('walletPage.pay.balance')}</dt>
        <dd data-testid="pay-balance">
          {account.data ? `${formatCoins(account.data.balance)} ${t('walletPage.coins')}` : '…'}
        </dd>
        <dt>{t('walletPage.pay.balanceAfter')}</dt>
        <dd
          data-testid="pay-balance-after"
          className={afterCents !== null && afterCents < 0 ? styles.negative : undefined}
        >
          {afterCents === null ? '…' : `${formatCoins(centsToWire(afterCents))} ${t('walletPage.coins')}`}
        </dd>
      </dl>
      {account.isError ? (
        <p role="alert" className={styles.refusal}>
          {errorMessage(account.error) || t('common.error.tryLater')}{' '}
          <Button size="small" onClick={() => void account.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : null}
      {blocker ? (
        <p role="alert" className={styles.refusal} data-testid="pay-blocked">
          {t(blocker)}{' '}
          {blocker === 'walletPage.pay.frozen' ? null : (
            <Link to={routes.logged.wallet()} className={styles.link}>
              {t('walletPage.pay.toWallet')}
            </Link>
          )}
        </p>
      ) : null}
      <div className={styles.password}>
        <label htmlFor="pay-password" className={styles.label}>
          {t('walletPage.pay.password')}
        </label>
        <PayPasswordInput
          ref={passwordRef}
          id="pay-password"
          value={password}
          onChange={setPassword}
          disabled={pay.isPending || blocker !== null}
          aria-invalid={code === Refusal.WrongPassword || undefined}
        />
        <Link to={routes.retrievePayPassword()} className={styles.link}>
          {t('walletPage.change.forgot')}
        </Link>
      </div>
      <div role="alert" className={pay.error ? styles.refusal : undefined} data-testid="pay-error">
        {pay.error ? (
          <>
            {errorMessage(pay.error)}{' '}
            {sendsToWallet(code) ? (
              <Link to={routes.logged.wallet()} className={styles.link}>
                {t('walletPage.pay.toWallet')}
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button onClick={onClose} disabled={pay.isPending}>
          {t('walletPage.pay.cancel')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={pay.isPending}
          disabled={!canPay || pay.isPending}
          autoInsertSpace={false}
        >
          {t('walletPage.pay.submit', { amount: formatCoins(payment.amount) })}
        </Button>
      </div>
    </form>
  );
}

/** Why the account cannot pay before any password is asked: not activated, frozen or too few coins. */
function accountBlocker(account: Account, afterCents: number | null) {
  if (account.status === AccountStatus.NotActivated) return 'walletPage.pay.notActivated';
  if (account.status === AccountStatus.Frozen) return 'walletPage.pay.frozen';
  if (afterCents !== null && afterCents < 0) return 'walletPage.pay.insufficient';
  return null;
}

function PayResult({
  answer,
  payment,
  payee,
  onClose,
}: {
  answer: ContractPaymentWire;
  payment: ContractPayment;
  payee: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <div className={styles.form} data-testid="pay-result">
      <p role="status" className={styles.success}>
        {t('walletPage.pay.done', { amount: formatCoins(payment.amount), payee })}
      </p>
      <dl className={styles.facts}>
        <dt>{t('walletPage.pay.newState')}</dt>
        <dd data-testid="pay-new-state">{answer.fsmCurrentState}</dd>
        <dt>{t('walletPage.pay.record')}</dt>
        <dd>{answer.transactionRecordId}</dd>
      </dl>
      <div className={styles.actions}>
        <Button type="primary" onClick={onClose} autoFocus>
          {t('walletPage.pay.close')}
        </Button>
      </div>
    </div>
  );
}
