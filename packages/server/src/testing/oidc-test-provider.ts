// A real OpenID Connect provider (oidc-provider) for tests and local trials of third-party sign-in.
// Its development interactions show a sign-in form that takes any login name (the password is not
// checked) and a consent form; the subject is the login name, with a name and an e-mail claim.
//
//   node --import tsx packages/server/src/testing/oidc-test-provider.ts --port 9400 \
//     --client-id tessera --client-secret tessera-secret \
//     --redirect-uri http://127.0.0.1:8080/v2/thirdParty/callback
//
// prints the issuer (http://127.0.0.1:9400) on stdout once it listens; Ctrl-C stops it.
import Provider from 'oidc-provider';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export type OidcTestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type OidcTestProvider = { issuer: string; port: number; close(): Promise<void> };

/** The claims of the account a login name signs in as. */
export function testAccountClaims(login: string): {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
} {
  return {
    sub: login,
    name: `${login} (TestID)`,
    email: `${login.toLowerCase()}@testid.example`,
    email_verified: true,
  };
}

/** Starts the provider on 127.0.0.1 (port 0: a free one) and answers its issuer. */
export async function startOidcTestProvider({
  port = 0,
  clients,
}: {
  port?: number;
  clients: OidcTestClient[];
}): Promise<OidcTestProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${actualPort}`;
  const provider = new Provider(issuer, {
    clients: clients.map(({ clientId, clientSecret, redirectUris }) => ({
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // Profile and e-mail claims in the ID token itself, which is all Tessera reads.
    conformIdTokenClaims: false,
    cookies: { keys: ['tessera-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true, methods: ['S256'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: (_context, id) => ({ accountId: id, claims: () => testAccountClaims(id) }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '9400' },
      'client-id': { type: 'string', default: 'tessera' },
      'client-secret': { type: 'string', default: 'tessera-secret' },
      'redirect-uri': { type: 'string', multiple: true, default: ['http://127.0.0.1:8080/v2/thirdParty/callback'] },
    },
  });
  const provider = await startOidcTestProvider({
    port: Number(values.port),
    clients: [
      { clientId: values['client-id'], clientSecret: values['client-secret'], redirectUris: values['redirect-uri'] },
    ],
  });
  console.log(provider.issuer);
  const stop = () => void provider.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
