import { DEFAULT_PLATFORM_UTC_OFFSET_MINUTES, formatPlatformDisplayDate } from '@tessera/domain';
import type { Translate } from '../../shared/i18n';
import type { StatementLine } from './wallet-api';

/** DOMAIN §2.25: 1 transfer, 2 contract payment, 3 reward, 4 administrator adjustment. */
export const TRANSACTION_TYPES = [1, 2, 3, 4] as const;

export const transactionTypeLabel = (t: Translate, type: number) => t(`walletPage.type.${type}`);

/** Money times are shown on the platform's wall clock, like the contracts'. */
export const platformTime = (at: string) =>
  formatPlatformDisplayDate(new Date(at), DEFAULT_PLATFORM_UTC_OFFSET_MINUTES);

/** What a line is about: the contract paid, else the digest, else the remark. */
export function lineSubject(line: Pick<StatementLine, 'attachInfo' | 'digest' | 'remark'>): string {
  const contractName = line.attachInfo.contractName;
  return typeof contractName === 'string' && contractName !== '' ? contractName : line.digest || line.remark;
}

/** The other party; the issuance account is the platform. */
export const counterpartName = (
  t: Translate,
  line: Pick<StatementLine, 'reciprocalAccountType' | 'reciprocalAccountName'>,
) => (line.reciprocalAccountType === 9 ? t('walletPage.platform') : line.reciprocalAccountName);
