/** Where the E2E server listens; the Playwright config and the tests share it. */
export const port = Number(process.env.E2E_PORT ?? 8199);
export const baseURL = `http://127.0.0.1:${port}`;
export const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 9401);
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
