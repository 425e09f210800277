// What a visitor who may not see an exhibit is told, and what he can do about it (DOMAIN §5.2–§5.4):
// sign in, sign a policy, pay or fix a contract — or nothing, when the node or an upstream resource
// must renew its licence, or the exhibit cannot be had at all.
import { AuthCode, DefaulterIdentityType } from '@tessera/domain';
import type { ThemeAuth, ThemeVisitor } from './types';

export type AuthAction = 'signIn' | 'sign' | 'pay' | null;

export interface AuthNotice {
  /** Text key (under `nodesiteTheme.auth.`). */
  message: string;
  action: AuthAction;
}

/** Failures about the subject itself come first: whoever is asking, nobody can fix them from this page. */
const SUBJECT_FAILURES: Readonly<Record<number, string>> = {
  [AuthCode.SubjectNotFound]: 'notFound',
  [AuthCode.SubjectNotOnline]: 'offline',
  [AuthCode.SubjectException]: 'frozen',
  [AuthCode.UserUnauthorized]: 'notAllowed',
  [AuthCode.LicensorException]: 'nodeUnavailable',
  [AuthCode.LicenseeException]: 'notAllowed',
};

/** The consumer's own failures (defaulter 4) for a signed-in visitor. */
const CONSUMER_FAILURES: Readonly<Record<number, AuthNotice>> = {
  [AuthCode.ContractUnauthorized]: { message: 'pay', action: 'pay' },
  [AuthCode.ContractException]: { message: 'contractException', action: 'pay' },
  [AuthCode.PolicyAuthFailed]: { message: 'policyAudience', action: null },
  [AuthCode.ContractNotFound]: { message: 'sign', action: 'sign' },
  [AuthCode.ContractTerminated]: { message: 'signAgain', action: 'sign' },
  [AuthCode.ContractInvalid]: { message: 'contractInvalid', action: 'sign' },
  [AuthCode.SignPreconditionFailed]: { message: 'signFailed', action: 'sign' },
};

export function authNotice(auth: ThemeAuth, visitor: ThemeVisitor): AuthNotice {
  const subject = SUBJECT_FAILURES[auth.authCode];
  if (subject !== undefined) return { message: subject, action: null };
  if (auth.authCode >= 900) return { message: 'error', action: null };
  if (auth.defaulterIdentityType === DefaulterIdentityType.Node) return { message: 'nodeLicence', action: null };
  if (auth.defaulterIdentityType === DefaulterIdentityType.Resource)
    return { message: 'upstreamLicence', action: null };
  if (auth.authCode === AuthCode.UserNotLoggedIn || visitor === null) return { message: 'signIn', action: 'signIn' };
  return CONSUMER_FAILURES[auth.authCode] ?? { message: 'sign', action: 'sign' };
}
