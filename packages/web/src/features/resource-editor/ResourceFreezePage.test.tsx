import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { openPage } from '../resources/testing';
import type { TestServer } from '../../testing/test-server';
import { ownedResource, rawEditorKeys, RESOURCE_ID, startEditorServer } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

describe('the freeze result page', { timeout: 20_000 }, () => {
  it('names the frozen resource and the administrator’s reason, with links onwards', async () => {
    ({ server } = await startEditorServer(
      ownedResource({ status: 2, isFrozen: 1, freezeReason: '侵权投诉：图片来源不明' }),
    ));
    openPage(server, `/result/resource/freeze/${RESOURCE_ID}`);
    const result = await screen.findByTestId('freeze-result');
    expect(within(result).getByRole('heading', { level: 1, name: '资源已被冻结' })).toBeTruthy();
    expect(result.textContent).toContain('山间晨雾');
    expect(screen.getByTestId('freeze-reason').textContent).toBe('侵权投诉：图片来源不明');
    expect(within(result).getByRole('link', { name: '查看资源详情' }).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}`,
    );
    expect(within(result).getByRole('link', { name: '我的资源' }).getAttribute('href')).toBe('/resource/list');
    expect(
      server.requests
        .find((request) => request.path === `/v2/resources/${RESOURCE_ID}`)
        ?.query.get('isLoadFreezeReason'),
    ).toBe('1');
    expect(rawEditorKeys(document.body.textContent)).toEqual([]);
    await waitFor(() => expect(document.title).toBe('资源已被冻结 - Tessera'));
  });

  it('says when the resource is not frozen (in English too), in the tab title as well, with its status now', async () => {
    ({ server } = await startEditorServer());
    openPage(server, `/result/resource/freeze/${RESOURCE_ID}`, 'en_US');
    const panel = await screen.findByTestId('freeze-not-frozen');
    expect(panel.textContent).toContain("'山间晨雾' is not frozen");
    expect(panel.textContent).toContain('Its status now: Offline');
    await waitFor(() => expect(document.title).toBe("'山间晨雾' is not frozen - Tessera"));
    expect(document.title).not.toMatch(/has been frozen/);
  });

  it('says an online resource is online, never frozen (Chinese)', async () => {
    ({ server } = await startEditorServer(ownedResource({ status: 1 })));
    openPage(server, `/result/resource/freeze/${RESOURCE_ID}`);
    const panel = await screen.findByTestId('freeze-not-frozen');
    expect(panel.textContent).toContain('它现在的状态：已上架');
    expect(screen.queryByTestId('freeze-result')).toBeNull();
    await waitFor(() => expect(document.title).toBe('“山间晨雾”没有被冻结 - Tessera'));
  });

  it('says when the resource does not exist', async () => {
    ({ server } = await startEditorServer());
    server.route('/v2/resources/6650a1c2e4b0f3d9ffffffff', {
      body: { ret: 0, errCode: 2, msg: 'not found', data: null },
    });
    openPage(server, '/result/resource/freeze/6650a1c2e4b0f3d9ffffffff');
    expect(await screen.findByTestId('freeze-not-found')).toBeTruthy();
    await waitFor(() => expect(document.title).not.toContain('冻结'));
  });
});
