import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { isEmail, isMobile, isUsername, validate, type ValidationRuleName } from '@tessera/domain';
import { useT, type Translate } from '../../shared/i18n';

const AUTH_CODE = /^[0-9]{6}$/u;

/** An e-mail address has an @; anything else is judged as a mobile number. */
export function addressRuleName(value: string): Extract<ValidationRuleName, 'email' | 'mobile'> {
  return value.includes('@') ? 'email' : 'mobile';
}

// Every rule passes an empty value: `required` alone speaks about those, so a field shows one message.
function check(test: (value: string) => string | null): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const message = text === '' ? null : test(text);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

function sharedRule(t: Translate, rule: ValidationRuleName | ((value: string) => ValidationRuleName)): FormRule {
  return check((value) => {
    const failure = validate(typeof rule === 'function' ? rule(value) : rule, value);
    return failure ? t(failure.messageKey) : null;
  });
}

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });

/**
 * The rules of the account forms, from the shared rules of SPEC §5 (`@tessera/domain`), so the
 * page says what the server would refuse while the person types.
 */
export function useAccountRules() {
  const t = useT();
  return useMemo(
    () => ({
      loginName: [
        required(t('account.required.loginName')),
        check((value) =>
          isUsername(value) || isEmail(value) || isMobile(value) ? null : t('account.invalid.loginName'),
        ),
      ],
      address: [required(t('account.required.address')), sharedRule(t, addressRuleName)],
      authCode: [
        required(t('account.required.authCode')),
        check((value) => (AUTH_CODE.test(value) ? null : t('account.invalid.authCode'))),
      ],
      username: [
        required(t('account.required.username')),
        sharedRule(t, 'username'),
        // DOMAIN §2.1: a username shaped like a mobile number would be mistaken for one at login.
        check((value) => (isMobile(value) ? t('account.invalid.usernameLikeMobile') : null)),
      ],
      password: [required(t('account.required.password')), sharedRule(t, 'password')],
      // Signing in checks only that something was typed: the rules may have changed since.
      currentPassword: [required(t('account.required.password'))],
      confirmPassword: (passwordField: string): FormRule[] => [
        required(t('account.required.confirmPassword')),
        ({ getFieldValue }) => ({
          validator: (_rule, value: unknown) =>
            !value || value === getFieldValue(passwordField)
              ? Promise.resolve()
              : Promise.reject(new Error(t('account.invalid.passwordMismatch'))),
        }),
      ],
    }),
    [t],
  );
}
