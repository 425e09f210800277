// Where the browser goes at the end of a third-party flow: the page routes of the web app (SPEC §2.2).
import { routes } from '@tessera/domain';
import type { AuthorizationOutcome, CallbackOutcome, FailureReason } from './service';

export function failureLocation(reason: FailureReason, thirdPartyType?: string): string {
  return routes.result.binding({ status: 'failure', type: thirdPartyType, reason });
}

export function callbackLocation(outcome: Exclude<CallbackOutcome, { kind: 'signedIn' }>): string {
  switch (outcome.kind) {
    case 'bound':
      return routes.result.binding({ status: 'success', type: outcome.thirdPartyType });
    case 'unbound':
      return routes.bind({ identityId: outcome.identityId, goTo: outcome.goTo, returnUrl: outcome.returnUrl });
    case 'failed':
      return failureLocation(outcome.reason, outcome.thirdPartyType);
  }
}

export function authorizationLocation(outcome: AuthorizationOutcome): string {
  return outcome.kind === 'redirect' ? outcome.url.href : failureLocation(outcome.reason, outcome.thirdPartyType);
}
