// Checks of the account inputs that answer errCode 4 naming the field (SPEC §5).
import { isMobile, validate, VALIDATION_ERROR_CODE } from '@tessera/domain';
import { badParam } from '../../platform/errors';
import { normalizeAddress, type Channel } from '../messages';

/** An e-mail address (lower-cased) or a mobile number, with the column it is stored in. */
export function addressParam(
  field: string,
  value: string,
): { address: string; column: 'email' | 'mobile'; channel: Channel } {
  const target = normalizeAddress(value);
  if (!target) throw badParam(field, VALIDATION_ERROR_CODE, 'messages.error.loginName');
  return { ...target, column: target.channel === 'email' ? 'email' : 'mobile' };
}

export function assertPassword(field: string, password: string): void {
  const failure = validate('password', password);
  if (failure) throw badParam(field, failure.code, failure.messageKey);
}

/** SPEC §5 and DOMAIN §2.1: letters, digits, inner hyphens, and never shaped like a mobile number. */
export function assertUsername(username: string): void {
  const failure = validate('username', username);
  if (failure) throw badParam('username', failure.code, failure.messageKey);
  if (isMobile(username)) throw badParam('username', 'mobileShaped', 'accounts.param.usernameLikeMobile');
}
