import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { TestServer } from '../../testing/test-server';
import { policyUser } from '../policy/testing';
import { openPage } from '../resources/testing';
import { startCreatorServer } from './testing';

let server: TestServer;
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

describe('the creator entry', { timeout: 20_000 }, () => {
  it('offers the single and the batch creator, in English', async () => {
    server = await startCreatorServer();
    openPage(server, '/resource/creatorEntry', 'en_US');
    expect((await screen.findByRole('link', { name: 'Create one resource' })).getAttribute('href')).toBe(
      '/resource/creator',
    );
    expect(screen.getByRole('link', { name: 'Create several resources at once' }).getAttribute('href')).toBe(
      '/resource/creatorBatch',
    );
    expect(document.body.textContent).not.toMatch(/creator\.[a-z]/);
  });
});

describe('leaving the creator', { timeout: 20_000 }, () => {
  it('asks first once something was entered, and stays when the answer is no', async () => {
    server = await startCreatorServer();
    const { router } = openPage(server, '/resource/creator');
    await policyUser().type(await screen.findByLabelText('资源名称'), '晨雾');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await act(() => router.navigate('/home'));
    expect(confirm).toHaveBeenCalledWith('填写的内容尚未保存，确定离开吗？');
    expect(router.state.location.pathname).toBe('/resource/creator');
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
