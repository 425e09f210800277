import { useRef, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, type InputRef } from 'antd';
import type { AuthCodeType } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { sendAuthCode } from './account-api';
import { useAccountRules } from './account-rules';
import { useCountdown } from './use-countdown';
import styles from './CodeSendingField.module.css';

/** DOMAIN §2.4: one code per address and type per minute. */
export const RESEND_SECONDS = 60;

interface CodeSendingFieldProps {
  authCodeType: AuthCodeType;
  /** The form field holding the address to send to. */
  addressField?: string;
  /** A fixed address to send to instead (an address already bound to the account). */
  address?: string;
  /** The form field of the code. */
  name?: string;
  label?: string;
}

/**
 * The 6-digit code field (`authCode`) with its "send code" button: it validates the address field
 * first, sends the code and then waits 60 seconds before it may send again.
 */
export function CodeSendingField({
  authCodeType,
  addressField = 'loginName',
  address: fixedAddress,
  name = 'authCode',
  label,
}: CodeSendingFieldProps) {
  const t = useT();
  const api = useApiClient();
  const form = Form.useFormInstance();
  const rules = useAccountRules();
  const countdown = useCountdown();
  const sendRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<InputRef>(null);
  // The button is disabled while it sends and counts down, which drops the focus: a keyboard user is
  // taken on to the code field once the code is sent, or back to the button when it was not.
  const sending = useMutation({
    mutationFn: (address: string) => sendAuthCode(api, { loginName: address, authCodeType }),
    onSuccess: () => {
      countdown.start(RESEND_SECONDS);
      codeRef.current?.focus();
    },
    onError: () => setTimeout(() => sendRef.current?.focus()),
  });
  const feedback = sending.isSuccess
    ? { tone: 'sent', text: t('account.code.sent', { address: sending.variables }) }
    : sending.isError
      ? { tone: 'failed', text: errorMessage(sending.error) }
      : null;

  async function send() {
    let address: string;
    try {
      address = fixedAddress ?? String((await form.validateFields([addressField]))[addressField]).trim();
    } catch {
      return; // the address field shows why
    }
    sending.mutate(address);
  }

  const waiting = countdown.remaining > 0;
  const sendButton = (
    <Button
      ref={sendRef}
      size="large"
      onClick={() => void send()}
      loading={sending.isPending}
      disabled={sending.isPending || waiting}
      className={styles.send}
    >
      {waiting ? t('account.code.resendIn', { seconds: countdown.remaining }) : t('account.code.send')}
    </Button>
  );

  return (
    <Form.Item
      name={name}
      label={label ?? t('account.field.authCode')}
      rules={rules.authCode}
      extra={
        <span role="status" className={feedback?.tone === 'failed' ? styles.failed : undefined}>
          {feedback?.text}
        </span>
      }
    >
      <CodeInput sendButton={sendButton} inputRef={codeRef} />
    </Form.Item>
  );
}

interface CodeInputProps {
  sendButton: ReactNode;
  inputRef: RefObject<InputRef | null>;
  id?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The input and the button on one row; Form.Item gives the input its id, value and aria attributes. */
function CodeInput({ sendButton, inputRef, ...inputProps }: CodeInputProps) {
  return (
    <div className={styles.row}>
      <Input
        {...inputProps}
        ref={inputRef}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        size="large"
      />
      {sendButton}
    </div>
  );
}
