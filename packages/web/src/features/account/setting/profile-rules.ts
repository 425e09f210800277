import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { isDate, isPlainText } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { characterCount, INTRO_MAX_LENGTH, localToday, OCCUPATION_MAX_LENGTH } from './profile-values';

const rule = (problem: (value: string) => string | null): FormRule => ({
  validator: (_rule, value: unknown) => {
    const message = typeof value === 'string' && value !== '' ? problem(value) : null;
    return message === null ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

/** The profile's rules (DOMAIN §2.2), so that the form says what the server would refuse. */
export function useProfileRules() {
  const t = useT();
  return useMemo(() => {
    const plainText = rule((value) => (isPlainText(value) ? null : t('validation.plainText')));
    const maxLength = (max: number) =>
      rule((value) => (characterCount(value.trim()) > max ? t('account.setting.invalid.tooLong', { max }) : null));
    return {
      occupation: [maxLength(OCCUPATION_MAX_LENGTH), plainText],
      intro: [maxLength(INTRO_MAX_LENGTH), plainText],
      birthday: [
        rule((value) => {
          if (!isDate(value)) return t('account.setting.invalid.birthday');
          return value > localToday() ? t('account.setting.invalid.birthdayFuture') : null;
        }),
      ],
    };
  }, [t]);
}
