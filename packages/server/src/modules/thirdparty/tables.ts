// The thirdparty tables (third_party_identities, third_party_authorizations): row types, merged into Database.

/** An identity from an OpenID Connect provider; bound to a user or waiting on the /bind page. */
export type ThirdPartyIdentitiesTable = {
  /** hex24; the /bind page carries it. */
  identityId: string;
  /** The provider's key in OIDC_PROVIDERS. */
  thirdPartyType: string;
  /** The provider's `sub` claim. */
  subject: string;
  name: string;
  email: string;
  userId: number | null;
  /** SHA-256 of the browser cookie of the sign-in that met this identity unbound: only that browser may bind it. */
  claimBrowserHash: string;
  /** Until when that browser may bind it ('' when bound). */
  claimExpireDate: string;
  createDate: string;
  updateDate: string;
};

/** An authorization request in flight (10 minutes, single use), bound to the browser that started it. */
export type ThirdPartyAuthorizationsTable = {
  /** The OAuth `state`, random. */
  state: string;
  /** SHA-256 of the browser's httpOnly third-party cookie. */
  browserHash: string;
  thirdPartyType: string;
  /** PKCE (S256). */
  codeVerifier: string;
  nonce: string;
  /** Same-site path to go to after signing in ('' none). */
  goTo: string;
  returnUrl: string;
  /** The signed-in user the identity is to be bound to; null for a sign-in. */
  bindUserId: number | null;
  expireDate: string;
  createDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    third_party_identities: ThirdPartyIdentitiesTable;
    third_party_authorizations: ThirdPartyAuthorizationsTable;
  }
}
