import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routes } from '@tessera/domain';
import { unbuiltAddresses } from '../../testing/built-routes';
import { rawTranslationKeys } from '../../testing/fixtures';
import { createTestServices, renderApp } from '../../testing/render-app';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const stepList = () => screen.getByRole('list');

describe('the guide (no dead ends)', () => {
  it('knows a page that is not built from one that is', () => {
    expect(unbuiltAddresses([routes.logged.reward(), '/node/informal/1', null])).toHaveLength(3);
    expect(unbuiltAddresses([routes.logged.wallet(), routes.resourceDetails('x', { version: '1.0.0' })])).toEqual([]);
  });

  it('gives each step a link to the page where it is done, and every link leads to a page that exists', async () => {
    renderApp(routes.guideFreelog(), createTestServices(server));
    await screen.findByRole('heading', { level: 1, name: '新手指南' });
    const steps = within(stepList()).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    const stepLinks = steps.map((step) => within(step).getByRole('link'));
    expect(stepLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['注册账号', '/logon'],
      ['发布资源', '/resource/creatorEntry'],
      ['我的资源', '/resource/list'],
      ['创建节点', '/node/creator'],
      ['逛逛资源市场', '/market'],
    ]);
    const everyLink = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(unbuiltAddresses(everyLink)).toEqual([]);
    // No word of a test node (not built): the last tip names the node's own site.
    expect(document.body.textContent).not.toContain('测试节点');
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('says it in English too', async () => {
    renderApp(routes.guideFreelog(), createTestServices(server, { language: 'en_US' }));
    await screen.findByRole('heading', { level: 1, name: 'Getting started with Tessera' });
    const names = within(stepList())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Sign up', 'Publish a resource', 'My resources', 'Create a node', 'Browse the market']);
    expect(document.body.textContent).not.toMatch(/test node/i);
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });
});
