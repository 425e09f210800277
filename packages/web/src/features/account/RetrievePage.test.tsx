import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';
import { bodyOf, requestsTo } from './testing';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    '/v2/messages/send': { body: envelope(true) },
    '/v2/users/alice%40example.com/resetPassword': { body: envelope(true) },
  });
});
afterEach(() => server.close());

describe('the password reset page', { timeout: 20_000 }, () => {
  it('sends a resetPassword code, resets the password and opens the login page with goTo', async () => {
    const { router } = renderApp(routes.retrieve({ goTo: '/activities' }), createTestServices(server));
    await screen.findByRole('heading', { level: 1, name: '找回密码' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('邮箱或手机号'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后重新获取' })).toBeTruthy();
    expect(bodyOf(requestsTo(server, '/v2/messages/send')[0])).toEqual({
      loginName: 'alice@example.com',
      authCodeType: 'resetPassword',
    });

    await user.type(screen.getByLabelText('验证码'), '654321');
    await user.type(screen.getByLabelText('新密码'), 'NewPass2026');
    await user.type(screen.getByLabelText('确认密码'), 'NewPass2026{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: '登录 Tessera' })).toBeTruthy();
    expect(screen.getByText('密码已重置，请使用新密码登录。')).toBeTruthy();
    const location = router.state.location;
    expect(`${location.pathname}${location.search}`).toBe(routes.login({ goTo: '/activities' }));
    const [reset] = requestsTo(server, '/v2/users/alice%40example.com/resetPassword');
    expect(reset?.method).toBe('PUT');
    expect(bodyOf(reset)).toEqual({ password: 'NewPass2026', authCode: '654321' });
  });

  it('stays with the message when the code is wrong', async () => {
    server.route('/v2/users/alice%40example.com/resetPassword', {
      body: envelope(null, { errCode: 2, msg: '验证码错误' }),
    });
    renderApp(routes.retrieve(), createTestServices(server));
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('邮箱或手机号'), 'alice@example.com');
    await user.type(screen.getByLabelText('验证码'), '000000');
    await user.type(screen.getByLabelText('新密码'), 'NewPass2026');
    await user.type(screen.getByLabelText('确认密码'), 'NewPass2026{Enter}');
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('验证码错误'));
    expect(screen.getByRole('heading', { level: 1, name: '找回密码' })).toBeTruthy();
  });
});
