import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { openPage } from '../resources/testing';
import { offlineResource, RESOURCE_ID, startCreatorServer } from './testing';

// The publishing result pages are designed pages: a check mark, what happened, and next steps.

let server: TestServer;
afterEach(() => server.close());

const offline = offlineResource();

/** The next steps: each step's heading and the names of its links and buttons. */
function nextSteps(page: HTMLElement): { title: string; actions: string[] }[] {
  const list = within(page).getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((step) => ({
      title: within(step).getByRole('heading', { level: 3 }).textContent ?? '',
      actions: [...step.querySelectorAll('a, button')].map((action) => action.textContent ?? ''),
    }));
}

describe('the create-success page', { timeout: 20_000 }, () => {
  it('names the new resource and lists the next steps with their links, in Chinese', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(offline) });
    openPage(server, `/result/resource/create/success/${RESOURCE_ID}`);
    const page = await screen.findByTestId('resource-created');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('资源创建成功');
    expect(await within(page).findByText('“alice/晨雾”已保存为你的资源，目前尚未上线。')).toBeTruthy();
    expect(within(page).getByRole('heading', { level: 2 }).textContent).toBe('接下来');
    expect(nextSteps(page).map((step) => step.title)).toEqual(['上线资源', '查看资源页', '检查授权策略', '继续发布']);
    expect(within(page).getByRole('link', { name: '查看资源详情' }).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}`,
    );
    expect(within(page).getByRole('link', { name: '管理授权策略' }).getAttribute('href')).toBe(
      `/resource/sidebar/policy/${RESOURCE_ID}`,
    );
    expect(within(page).getByRole('link', { name: '发布新资源' }).getAttribute('href')).toBe('/resource/creatorEntry');
    await waitFor(() => expect(document.title).toBe('资源创建成功 - Tessera'));
  });

  it('says an online resource is online instead of offering it, in English', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope({ ...offline, status: 1 }) });
    openPage(server, `/result/resource/create/success/${RESOURCE_ID}`, 'en_US');
    const page = await screen.findByTestId('resource-created');
    expect(await within(page).findByText('alice/晨雾 is saved as your resource.')).toBeTruthy();
    expect(within(page).getByText(/It is online: others find it in the market/)).toBeTruthy();
    expect(within(page).queryByRole('button', { name: 'Put online' })).toBeNull();
    expect(nextSteps(page).map((step) => step.title)).toEqual([
      'Put it online',
      'See its page',
      'Check its policies',
      'Publish more',
    ]);
    expect(document.body.textContent).not.toMatch(/creator\.[a-z]/);
  });
});

describe('the release page', { timeout: 20_000 }, () => {
  it('lists putting online, the version, its editor and my resources as next steps for an offline resource', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(offline) });
    openPage(server, `/result/resource/version/create/release/${RESOURCE_ID}/1.2.4`, 'en_US');
    const page = await screen.findByTestId('version-released');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Version 1.2.4 is released');
    expect(await within(page).findByText(/is offline: the new version becomes available/)).toBeTruthy();
    expect(nextSteps(page)).toEqual([
      { title: 'Put it online', actions: ['Put online'] },
      { title: 'See this version', actions: ['View this version'] },
      { title: 'Complete the version', actions: ['Edit the version'] },
      { title: 'Update it later', actions: ['My resources'] },
    ]);
    expect(document.body.textContent).not.toMatch(/creator\.[a-z]/);
  });
});

describe('the version-created page', { timeout: 20_000 }, () => {
  it('is a result page with the version and its next steps', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope({ ...offline, status: 1 }) });
    openPage(server, `/result/resource/version/create/success/${RESOURCE_ID}/1.0.0`);
    const page = await screen.findByTestId('version-created');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('版本 1.0.0 创建成功');
    expect(within(page).getByRole('link', { name: '查看该版本详情' }).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}?version=1.0.0`,
    );
    expect(nextSteps(page).map((step) => step.title)).toEqual(['查看该版本', '完善版本信息', '之后再更新']);
  });
});
