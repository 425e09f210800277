import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
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
  it('is a choice page: the single and the batch creator, each with what it does, in English', async () => {
    server = await startCreatorServer();
    openPage(server, '/resource/creatorEntry', 'en_US');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Publish resources');
    await waitFor(() => expect(document.title).toBe('Publish resources - Tessera'));
    const choices = within(screen.getByTestId('creator-choices')).getAllByRole('listitem');
    expect(choices.map((choice) => within(choice).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Create one resource',
      'Create several resources at once',
    ]);
    expect(choices[0]?.textContent).toContain('Pick a type, name it, add its file');
    expect(choices[1]?.textContent).toContain('Choose several files; each becomes a resource');
    expect(screen.getByRole('link', { name: 'Create one resource: Start' }).getAttribute('href')).toBe(
      '/resource/creator',
    );
    expect(
      screen.getByRole('link', { name: 'Create several resources at once: Choose files' }).getAttribute('href'),
    ).toBe('/resource/creatorBatch');
    expect(screen.getByText(/Collections \(several resources published as one\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the resources I have published' }).getAttribute('href')).toBe(
      '/resource/list',
    );
    expect(document.body.textContent).not.toMatch(/creator\.[a-z]/);
  });

  it('says the same in Chinese', async () => {
    server = await startCreatorServer();
    openPage(server, '/resource/creatorEntry');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('发布资源');
    expect(screen.getByRole('link', { name: '创建单个资源：开始创建' }).getAttribute('href')).toBe('/resource/creator');
    expect(screen.getByRole('link', { name: '批量创建资源：选择文件' }).getAttribute('href')).toBe(
      '/resource/creatorBatch',
    );
    expect(document.body.textContent).toContain('一次选择多个文件，每个文件成为一个资源');
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
