// Third-party sign-in and binding through OpenID Connect (issue 3; API.md §3.9). A browser starts
// at `authorize`, signs in at the provider and comes back to `callback`; the identity it brings is
// then either bound to a user (that user is signed in), bound now to the signed-in caller (who
// asked to bind), or not bound yet: the /bind page binds it to an account whose password the
// person knows. Only the browser that started a request may finish it, and only the browser that
// met an unbound identity may bind it, for a while.
import { ErrCode } from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import { durationMs, type Clock } from '../../platform/clock';
import type { OidcProviderConfig } from '../../platform/config';
import { isUniqueViolation } from '../../platform/db/constraints';
import { AppError } from '../../platform/errors';
import { newHex24 } from '../../platform/ids';
import type { IdentityService } from '../identity';
import type { LoginResult, PassportService } from '../passport';
import type { OidcRelyingParty } from './oidc';
import type { IdentityRow, ThirdPartyRepo } from './repo';

export const AUTHORIZATION_LIFETIME_MS = durationMs({ minutes: 10 });
/** How long the /bind page may bind an identity the browser brought back unbound. */
export const CLAIM_LIFETIME_MS = durationMs({ minutes: 30 });
/** An identity bound to nobody goes a day after it was last touched (a later sign-in meets it anew). */
export const UNBOUND_IDENTITY_KEPT_MS = durationMs({ days: 1 });
export const CALLBACK_PATH = '/v2/thirdParty/callback';

/** Why a flow ended on the failure page (`reason` of /result/binding; texts binding.reason.*). */
export type FailureReason = 'cancelled' | 'expired' | 'provider' | 'boundToAnother' | 'alreadyBound' | 'signedOut';

export type ProviderWire = { type: string; name: string };
export type BoundIdentityWire = { userId: number; name: string; thirdPartyType: string };

/** The browser a call comes from: the hash of its third-party cookie, and what a sign-in records. */
export type Browser = { browserHash: string; ip: string; userAgent: string; previousSessionId?: string };

export type AuthorizationStart = {
  thirdPartyType: string;
  /** Same-site paths (already checked), or null. */
  goTo: string | null;
  returnUrl: string | null;
  /** The signed-in caller, whose account the identity is to be bound to. */
  bindUserId: number | null;
  /** `protocol://host` the browser reached us at. */
  siteOrigin: string;
  browserHash: string;
};

export type CallbackArrival = {
  state: string | undefined;
  /** The provider's `error` parameter (the person declined, …). */
  error: string | undefined;
  /** The query string the browser came back with, '?…'. */
  search: string;
  siteOrigin: string;
  signedInUserId: number | null;
  browser: Browser;
};

export type AuthorizationOutcome =
  { kind: 'redirect'; url: URL } | { kind: 'failed'; reason: FailureReason; thirdPartyType: string };

export type CallbackOutcome =
  | { kind: 'signedIn'; session: LoginResult; goTo: string | null }
  | { kind: 'bound'; thirdPartyType: string }
  | { kind: 'unbound'; identityId: string; goTo: string | null; returnUrl: string | null }
  | { kind: 'failed'; reason: FailureReason; thirdPartyType?: string };

export type ThirdPartyDeps = {
  repo: ThirdPartyRepo;
  providers: readonly OidcProviderConfig[];
  relyingParty: OidcRelyingParty;
  identity: IdentityService;
  passport: PassportService;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** Third-party sign-ins last as long as password sign-ins with "remember me", which the screens always send. */
const REMEMBER_SIGN_IN = true;

export class ThirdPartyService {
  readonly #repo: ThirdPartyRepo;
  readonly #providers: ReadonlyMap<string, OidcProviderConfig>;
  readonly #relyingParty: OidcRelyingParty;
  readonly #identity: IdentityService;
  readonly #passport: PassportService;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;

  constructor(deps: ThirdPartyDeps) {
    this.#repo = deps.repo;
    this.#providers = new Map(deps.providers.map((provider) => [provider.type, provider]));
    this.#relyingParty = deps.relyingParty;
    this.#identity = deps.identity;
    this.#passport = deps.passport;
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  /** Housekeeping: expired authorization requests and identities left unbound. */
  async sweep(now: Date): Promise<{ unboundIdentities: number }> {
    await this.#repo.deleteAuthorizationsExpiredBy(now.toISOString());
    const before = new Date(now.getTime() - UNBOUND_IDENTITY_KEPT_MS).toISOString();
    return { unboundIdentities: await this.#repo.deleteUnboundIdentities(before, now.toISOString()) };
  }

  providers(): ProviderWire[] {
    return [...this.#providers.values()].map(({ type, name }) => ({ type, name }));
  }

  async startAuthorization(start: AuthorizationStart): Promise<AuthorizationOutcome> {
    const provider = this.#provider(start.thirdPartyType);
    const now = this.#clock.now();
    let request;
    try {
      request = await this.#relyingParty.authorizationRequest(provider, redirectUriOf(provider, start.siteOrigin));
    } catch (error) {
      this.#log.warn({ err: error, thirdPartyType: provider.type }, 'OpenID Connect discovery failed');
      return { kind: 'failed', reason: 'provider', thirdPartyType: provider.type };
    }
    await this.#repo.deleteAuthorizationsExpiredBy(now.toISOString());
    await this.#repo.insertAuthorization({
      state: request.state,
      browserHash: start.browserHash,
      thirdPartyType: provider.type,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      goTo: start.goTo ?? '',
      returnUrl: start.returnUrl ?? '',
      bindUserId: start.bindUserId,
      expireDate: new Date(now.getTime() + AUTHORIZATION_LIFETIME_MS).toISOString(),
      createDate: now.toISOString(),
    });
    return { kind: 'redirect', url: request.url };
  }

  async finishAuthorization(arrival: CallbackArrival): Promise<CallbackOutcome> {
    const now = this.#clock.now().toISOString();
    // Taken (deleted) before anything else: a state is good for one try, whatever happens next.
    const authorization = arrival.state ? await this.#repo.takeAuthorization(arrival.state) : undefined;
    if (
      !authorization ||
      authorization.browserHash !== arrival.browser.browserHash ||
      authorization.expireDate <= now
    ) {
      return { kind: 'failed', reason: 'expired' };
    }
    const thirdPartyType = authorization.thirdPartyType;
    if (arrival.error !== undefined) return { kind: 'failed', reason: 'cancelled', thirdPartyType };
    const provider = this.#providers.get(thirdPartyType);
    if (!provider) return { kind: 'failed', reason: 'provider', thirdPartyType };

    const redirectUri = redirectUriOf(provider, arrival.siteOrigin);
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = arrival.search;
    let identity: IdentityRow;
    try {
      const claims = await this.#relyingParty.identityFromCallback(provider, callbackUrl, {
        ...authorization,
        redirectUri,
      });
      identity = await this.#rememberIdentity(thirdPartyType, claims);
    } catch (error) {
      this.#log.warn({ err: error, thirdPartyType }, 'OpenID Connect code exchange failed');
      return { kind: 'failed', reason: 'provider', thirdPartyType };
    }

    if (authorization.bindUserId !== null) {
      if (arrival.signedInUserId !== authorization.bindUserId)
        return { kind: 'failed', reason: 'signedOut', thirdPartyType };
      const refusal = await this.#bind(identity, authorization.bindUserId);
      return refusal ? { kind: 'failed', reason: refusal, thirdPartyType } : { kind: 'bound', thirdPartyType };
    }
    const goTo = authorization.goTo || null;
    if (identity.userId !== null) {
      const user = await this.#identity.resolveUser(String(identity.userId));
      const session = await this.#passport.startSession(user, { ...arrival.browser, isRemember: REMEMBER_SIGN_IN });
      return { kind: 'signedIn', session, goTo };
    }
    await this.#repo.updateIdentity(identity.identityId, {
      claimBrowserHash: arrival.browser.browserHash,
      claimExpireDate: new Date(Date.parse(now) + CLAIM_LIFETIME_MS).toISOString(),
    });
    return { kind: 'unbound', identityId: identity.identityId, goTo, returnUrl: authorization.returnUrl || null };
  }

  /**
   * The /bind page: checks the account's login name and password (under the login limits), binds
   * the identity the same browser brought back unbound, and signs the account in.
   */
  async registerOrBind({
    identityId,
    loginName,
    password,
    browser,
  }: {
    identityId: string;
    loginName: string;
    password: string;
    browser: Browser;
  }): Promise<LoginResult> {
    const identity = await this.#repo.findIdentity(identityId);
    const now = this.#clock.now().toISOString();
    const claimable =
      identity?.userId === null && identity.claimBrowserHash === browser.browserHash && identity.claimExpireDate > now;
    if (!identity || !claimable) throw new AppError(ErrCode.Business, 'thirdParty.identityUnavailable');
    const user = await this.#passport.verifyCredentials({ loginName, password, ip: browser.ip });
    const refusal = await this.#bind(identity, user.userId);
    if (refusal) throw new AppError(ErrCode.Business, `thirdparty.${refusal}`);
    return this.#passport.startSession(user, { ...browser, isRemember: REMEMBER_SIGN_IN });
  }

  async unbind({
    userId,
    thirdPartyType,
    password,
  }: {
    userId: number;
    thirdPartyType: string;
    password: string;
  }): Promise<true> {
    const user = await this.#identity.resolveUser(String(userId));
    if (!(await this.#identity.verifyUserPassword(user, password)))
      throw new AppError(ErrCode.Business, 'thirdParty.wrongPassword');
    const identity = await this.#repo.findIdentityOfUser(userId, thirdPartyType);
    if (!identity) throw new AppError(ErrCode.Business, 'thirdParty.notBound');
    await this.#repo.updateIdentity(identity.identityId, { userId: null, updateDate: this.#clock.now().toISOString() });
    return true;
  }

  async list(userId: number): Promise<BoundIdentityWire[]> {
    const identities = await this.#repo.listIdentitiesOfUser(userId);
    return identities.map(({ name, thirdPartyType }) => ({ userId, name, thirdPartyType }));
  }

  async isBound(username: string, thirdPartyType: string): Promise<boolean> {
    const user = await this.#identity.findUserByLoginName(username);
    return user !== undefined && (await this.#repo.findIdentityOfUser(user.userId, thirdPartyType)) !== undefined;
  }

  #provider(thirdPartyType: string): OidcProviderConfig {
    const provider = this.#providers.get(thirdPartyType);
    if (!provider) throw new AppError(ErrCode.Business, 'thirdParty.unknownProvider', null, { type: thirdPartyType });
    return provider;
  }

  /** The identity of these claims, created on first sight; name and e-mail follow the provider. */
  async #rememberIdentity(
    thirdPartyType: string,
    claims: { subject: string; name: string; email: string },
  ): Promise<IdentityRow> {
    const now = this.#clock.now();
    const known = await this.#repo.findIdentityBySubject(thirdPartyType, claims.subject);
    if (known) {
      const changes = { name: claims.name, email: claims.email, updateDate: now.toISOString() };
      await this.#repo.updateIdentity(known.identityId, changes);
      return { ...known, ...changes };
    }
    const identity: IdentityRow = {
      identityId: newHex24(now),
      thirdPartyType,
      ...claims,
      userId: null,
      claimBrowserHash: '',
      claimExpireDate: '',
      createDate: now.toISOString(),
      updateDate: now.toISOString(),
    };
    try {
      await this.#repo.insertIdentity(identity);
      return identity;
    } catch (error) {
      // The same person came back twice at once: the other request created it.
      const created = isUniqueViolation(error)
        ? await this.#repo.findIdentityBySubject(thirdPartyType, claims.subject)
        : undefined;
      if (!created) throw error;
      return created;
    }
  }

  /** Binds the identity to the user, one identity per user and provider; answers why not, or null. */
  async #bind(identity: IdentityRow, userId: number): Promise<FailureReason | null> {
    if (identity.userId === userId) return null;
    if (identity.userId !== null) return 'boundToAnother';
    if (await this.#repo.findIdentityOfUser(userId, identity.thirdPartyType)) return 'alreadyBound';
    try {
      return (await this.#repo.bindIdentity(identity.identityId, userId, this.#clock.now().toISOString()))
        ? null
        : 'boundToAnother';
    } catch (error) {
      if (isUniqueViolation(error)) return 'alreadyBound';
      throw error;
    }
  }
}

export function redirectUriOf(provider: OidcProviderConfig, siteOrigin: string): string {
  return provider.redirectUri ?? `${siteOrigin}${CALLBACK_PATH}`;
}
