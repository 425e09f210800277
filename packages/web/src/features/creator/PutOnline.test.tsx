import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { buttonName, policyUser } from '../policy/testing';
import { openPage, policyBinding, requestsTo, type resourceWire } from '../resources/testing';
import { onlineBlocker } from './PutOnline';
import { offlineResource, RESOURCE_ID, startCreatorServer } from './testing';

// "Put online" is offered only when it can succeed (a released version and an enabled policy);
// otherwise the page says what to do first, with a link to where it is done (issue 16).

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const testServer = () => server as TestServer;

const offline = (changes: Partial<ReturnType<typeof resourceWire>> = {}) =>
  offlineResource({ latestVersion: '1.0.0', ...changes });
const noEnabledPolicy = [policyBinding({ policyId: 'a'.repeat(32), policyName: '免费', status: 0 })];

async function openResult(path: string, resource: ReturnType<typeof resourceWire>, language?: 'en_US') {
  const started = await startCreatorServer();
  server = started;
  started.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
  return openPage(started, path, language);
}

describe('onlineBlocker', () => {
  it('names what keeps a resource from going online', () => {
    expect(onlineBlocker(offline())).toBeNull();
    expect(onlineBlocker(offline({ policies: noEnabledPolicy }))).toBe('policy');
    expect(onlineBlocker(offline({ policies: [] }))).toBe('policy');
    expect(onlineBlocker(offline({ status: 0, latestVersion: '' }))).toBe('version');
    expect(onlineBlocker(offline({ status: 2 }))).toBe('frozen');
  });
});

describe('"Put online" on the result pages', { timeout: 20_000 }, () => {
  it('is not offered without an enabled policy: the page says so and links to the policies tab', async () => {
    const { router } = await openResult(
      `/result/resource/create/success/${RESOURCE_ID}`,
      offline({ policies: noEnabledPolicy }),
    );
    const notice = await screen.findByTestId('online-blocker');
    expect(notice.textContent).toContain('资源至少要有一条已启用的授权策略才能上架');
    expect(screen.queryByRole('button', { name: buttonName('立即上线') })).toBeNull();
    const link = within(notice).getByRole('link', { name: '前往授权策略' });
    expect(link.getAttribute('href')).toBe(`/resource/sidebar/policy/${RESOURCE_ID}`);
    await policyUser().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/resource/sidebar/policy/${RESOURCE_ID}`));
    expect(requestsTo(testServer(), 'PUT', `/v2/resources/${RESOURCE_ID}`)).toHaveLength(0);
  });

  it('says it in English on the release page too', async () => {
    await openResult(
      `/result/resource/version/create/release/${RESOURCE_ID}/1.0.0`,
      offline({ policies: noEnabledPolicy }),
      'en_US',
    );
    const notice = await screen.findByTestId('online-blocker');
    expect(notice.textContent).toBe(
      'A resource goes online only with an enabled policy: add or enable one first. Go to its policies',
    );
    expect(screen.queryByRole('button', { name: 'Put online' })).toBeNull();
  });

  it('sends an unreleased resource back to its draft instead', async () => {
    await openResult(`/result/resource/create/success/${RESOURCE_ID}`, offline({ status: 0, latestVersion: '' }));
    const notice = await screen.findByTestId('online-blocker');
    expect(notice.getAttribute('data-blocker')).toBe('version');
    expect(within(notice).getByRole('link', { name: '继续发布' }).getAttribute('href')).toBe(
      `/resource/creator?resourceId=${RESOURCE_ID}`,
    );
    expect(screen.queryByRole('button', { name: buttonName('立即上线') })).toBeNull();
  });

  it('is offered, and works, with a version and an enabled policy', async () => {
    await openResult(`/result/resource/create/success/${RESOURCE_ID}`, offline());
    await policyUser().click(await screen.findByRole('button', { name: buttonName('立即上线') }));
    await waitFor(() => expect(requestsTo(testServer(), 'PUT', `/v2/resources/${RESOURCE_ID}`)).toHaveLength(1));
    expect(screen.queryByTestId('online-blocker')).toBeNull();
  });
});
