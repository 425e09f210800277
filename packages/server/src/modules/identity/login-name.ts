// What a login name names (DOMAIN §1.7): a mobile number, an e-mail address or a username. The
// shapes do not overlap: usernames have no '@' and may not look like a mobile number (SPEC §5).
import { isEmail, isMobile, isUsername } from '@tessera/domain';
import type { LoginNameField } from './repo';

/** The column the login name is matched against; null when it has none of the three shapes. */
export function loginNameField(loginName: string): LoginNameField | null {
  if (isMobile(loginName)) return 'mobile';
  if (isEmail(loginName)) return 'email';
  if (isUsername(loginName)) return 'username';
  return null;
}
