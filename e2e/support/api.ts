import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Calls the /v2 API as the browser context's signed-in user: the context's cookies go with the
 * request, and writes carry the XSRF-TOKEN cookie in X-XSRF-TOKEN as the page does. Answers `data`,
 * failing the test on any errCode.
 */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const cookies = (await request.storageState()).cookies;
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.fetch(`/v2${path}`, {
    method,
    headers: { 'X-XSRF-TOKEN': xsrf },
    ...(body === undefined ? {} : { data: body }),
  });
  const answer = (await response.json()) as { errCode: number; msg: string; data: T };
  expect(answer.errCode, `${method} ${path}: ${answer.msg}`).toBe(0);
  return answer.data;
}

/** Signs `loginName` in through the API (the demo password), so the context's cookies hold the session. */
export async function apiSignIn(request: APIRequestContext, loginName: string): Promise<{ userId: number }> {
  await request.get('/v2/activities/list4Client');
  return apiCall(request, 'POST', '/passport/login', { loginName, password: 'Tessera2026' });
}
