import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, gate, startTestServer, type TestServer } from '../../testing/test-server';
import { accountUser, bodyOf, messageOf, rawAccountKeys, recordPageLoads, requestsTo } from './testing';

const ORIGIN = 'http://localhost:3000';
let server: TestServer;
let pageLoads: string[];

beforeEach(async () => {
  server = await startTestServer({ '/v2/passport/login': { body: envelope(accountUser()) } });
  pageLoads = recordPageLoads();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

async function signIn(loginName: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('用户名 / 邮箱 / 手机号'), loginName);
  // Enter in the password field submits the form.
  await user.type(screen.getByLabelText('密码'), `${password}{Enter}`);
  return user;
}

describe('the login page', { timeout: 20_000 }, () => {
  it('signs in and loads goTo as a whole page', async () => {
    renderApp(routes.login({ goTo: `${ORIGIN}/activities?page=2` }), createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '登录 Tessera' })).toBeTruthy();
    // The title names the product already: no "- Tessera" after it.
    await waitFor(() => expect(document.title).toBe('登录 Tessera'));
    await signIn('alice', 'Tessera2026');
    await waitFor(() => expect(pageLoads).toEqual(['/activities?page=2']));
    const [request] = requestsTo(server, '/v2/passport/login');
    expect(bodyOf(request)).toEqual({ loginName: 'alice', password: 'Tessera2026', isRemember: 1 });
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });

  it('sends isRemember 0 when "remember me" is cleared', async () => {
    renderApp(routes.login(), createTestServices(server));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: '7 天内自动登录' }));
    await signIn('alice@example.com', 'Tessera2026');
    await waitFor(() => expect(pageLoads).toEqual(['/home']));
    expect(bodyOf(requestsTo(server, '/v2/passport/login')[0])).toMatchObject({ isRemember: 0 });
  });

  it.each([['https://evil.example/phish'], ['//evil.example/phish'], ['javascript:alert(1)']])(
    'ignores the unsafe goTo %s and goes to /home',
    async (goTo) => {
      renderApp(routes.login({ goTo }), createTestServices(server));
      await signIn('alice', 'Tessera2026');
      await waitFor(() => expect(pageLoads).toEqual(['/home']));
    },
  );

  it.each([
    ['a wrong password', { errCode: 30, msg: '用户名或密码错误' }],
    ['the rate limit', { errCode: 2, msg: '登录失败次数过多，请 900 秒后再试' }],
  ])('shows the message of %s as it comes, without leaving the page', async (_case, codes) => {
    server.route('/v2/passport/login', { body: envelope(null, codes) });
    renderApp(routes.login(), createTestServices(server));
    await signIn('alice', 'wrong-1');
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe(codes.msg));
    expect(pageLoads).toEqual([]);
    // noRedirect: errCode 30 of a login is no reason to log out or to reload the login page.
    expect(requestsTo(server, '/v2/passport/logout')).toHaveLength(0);
    // The button leaves its loading state (and gets back its plain name) just after the message shows.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('clears the banner of a refused attempt when the next attempt starts, even one its own rules stop', async () => {
    server.route('/v2/passport/login', { body: envelope(null, { errCode: 2, msg: '用户名或密码错误' }) });
    renderApp(routes.login(), createTestServices(server));
    const user = await signIn('alice', 'wrong-1');
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('用户名或密码错误'));
    // The banner is an error alert.
    expect(screen.getByTestId('form-error').querySelector('.ant-alert-error')).not.toBeNull();
    await user.clear(screen.getByLabelText('密码'));
    await user.type(screen.getByLabelText('密码'), '{Enter}');
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe(''));
    expect(requestsTo(server, '/v2/passport/login')).toHaveLength(1);
  });

  it('puts a refused field’s message under that field, not in the banner', async () => {
    server.route('/v2/passport/login', {
      body: envelope([{ field: 'loginName', code: 'pattern', message: '应为用户名、邮箱或手机号' }], {
        errCode: 4,
        msg: '参数校验失败',
      }),
    });
    renderApp(routes.login(), createTestServices(server));
    await signIn('alice', 'Tessera2026');
    await waitFor(() => expect(messageOf('用户名 / 邮箱 / 手机号')).toBe('应为用户名、邮箱或手机号'));
    expect(screen.getByTestId('form-error').textContent).toBe('');
  });

  it('shows the client message when the server cannot be reached', async () => {
    server.route('/v2/passport/login', { status: 503, body: 'down' });
    renderApp(routes.login(), createTestServices(server));
    await signIn('alice', 'Tessera2026');
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('服务暂不可用，服务器可能过载或正在维护。'),
    );
  });

  it('disables the button while the call runs', async () => {
    const held = gate();
    server.route('/v2/passport/login', { after: held.promise, body: envelope(accountUser()) });
    renderApp(routes.login(), createTestServices(server));
    await signIn('alice', 'Tessera2026');
    const button = screen.getByRole('button', { name: /登录/ }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    held.open();
    await waitFor(() => expect(pageLoads).toEqual(['/home']));
  });

  it('validates as you type and sends nothing while a field is wrong', async () => {
    renderApp(routes.login(), createTestServices(server));
    const user = userEvent.setup({ delay: null });
    const loginName = await screen.findByLabelText('用户名 / 邮箱 / 手机号');
    await user.type(loginName, 'al ice');
    await waitFor(() => expect(messageOf('用户名 / 邮箱 / 手机号')).toBe('请输入正确的用户名、邮箱或手机号'));
    expect(loginName.getAttribute('aria-invalid')).toBe('true');
    await user.clear(loginName);
    await waitFor(() => expect(messageOf('用户名 / 邮箱 / 手机号')).toBe('请输入用户名、邮箱或手机号'));
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(messageOf('密码')).toBe('请输入密码'));
    expect(requestsTo(server, '/v2/passport/login')).toHaveLength(0);
  });

  it('links to sign-up and password recovery with goTo', async () => {
    renderApp(routes.login({ goTo: `${ORIGIN}/activities` }), createTestServices(server));
    expect((await screen.findByRole('link', { name: '立即注册' })).getAttribute('href')).toBe(
      routes.logon({ goTo: '/activities' }),
    );
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe(
      routes.retrieve({ goTo: '/activities' }),
    );
  });

  it('sends a frozen user to the freeze page', async () => {
    server.route('/v2/passport/login', { body: envelope(accountUser({ status: 1 })) });
    renderApp(routes.login({ goTo: `${ORIGIN}/activities` }), createTestServices(server));
    await signIn('alice', 'Tessera2026');
    await waitFor(() => expect(pageLoads).toEqual([routes.freeze({ goTo: '/activities' })]));
  });

  it('speaks English', async () => {
    renderApp(routes.login(), createTestServices(server, { language: 'en_US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Tessera' })).toBeTruthy();
    expect(screen.getByLabelText('Username, e-mail or mobile')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });
});
