import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from 'antd';
import { createTestServices, renderInProviders } from '../testing/render-app';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({});
});
afterEach(async () => {
  await server.close();
});

describe('the antd configuration', { timeout: 20_000 }, () => {
  it('inserts no space into a two-character Chinese button label', async () => {
    renderInProviders(<Button>确定</Button>, createTestServices(server, { language: 'zh_CN' }), { antdStyles: false });
    const button = await screen.findByRole('button');
    expect(button.textContent).toBe('确定');
  });
});
