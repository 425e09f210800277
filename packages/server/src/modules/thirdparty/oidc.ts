// The relying party side of OpenID Connect, through openid-client: discovery (kept per provider,
// tried again after a failure), the authorization request (code flow, PKCE S256, state, nonce) and
// the code exchange, which checks state, nonce, issuer and the ID token before answering its claims.
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../platform/config';

export type AuthorizationRequest = { url: URL; state: string; nonce: string; codeVerifier: string };

/** What Tessera keeps of the ID token. */
export type IdentityClaims = { subject: string; name: string; email: string };

/** What the callback has to match: what was sent with the authorization request. */
export type ExpectedResponse = { state: string; nonce: string; codeVerifier: string; redirectUri: string };

const SCOPE = 'openid profile email';
const REQUEST_TIMEOUT_SECONDS = 10;
const TEXT_CLAIM_MAX_LENGTH = 200;

function textClaim(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, TEXT_CLAIM_MAX_LENGTH) : '';
}

export class OidcRelyingParty {
  readonly #discovered = new Map<string, Promise<client.Configuration>>();

  #configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    let configuration = this.#discovered.get(provider.type);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      // Plain http is admitted by the configuration for a provider on this machine only.
      const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
      configuration = client.discovery(
        issuer,
        provider.clientId,
        undefined,
        client.ClientSecretBasic(provider.clientSecret),
        {
          execute,
          timeout: REQUEST_TIMEOUT_SECONDS,
        },
      );
      // A provider that was down is asked again next time rather than remembered as broken.
      configuration.catch(() => this.#discovered.delete(provider.type));
      this.#discovered.set(provider.type, configuration);
    }
    return configuration;
  }

  async authorizationRequest(provider: OidcProviderConfig, redirectUri: string): Promise<AuthorizationRequest> {
    const configuration = await this.#configuration(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /** Exchanges the code of the callback URL the browser came back to; throws on any mismatch or provider error. */
  async identityFromCallback(
    provider: OidcProviderConfig,
    callbackUrl: URL,
    expected: ExpectedResponse,
  ): Promise<IdentityClaims> {
    const configuration = await this.#configuration(provider);
    const tokens = await client.authorizationCodeGrant(
      configuration,
      callbackUrl,
      {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: expected.redirectUri },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider answered no ID token');
    const email = textClaim(claims.email);
    const name = textClaim(claims.name) || textClaim(claims.preferred_username) || email || claims.sub;
    return { subject: claims.sub, name, email };
  }
}
