import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';
import {
  accountUser,
  announcedFieldMessage,
  bodyOf,
  messageOf,
  rawAccountKeys,
  recordPageLoads,
  requestsTo,
} from './testing';

let server: TestServer;
let pageLoads: string[];

beforeEach(async () => {
  server = await startTestServer({
    '/v2/messages/send': { body: envelope(true) },
    '/v2/users': { body: envelope(accountUser({ username: 'newcomer' })) },
    '/v2/passport/login': { body: envelope(accountUser({ username: 'newcomer' })) },
    '/v2/thirdParty/registerOrBind': { body: envelope(true) },
  });
  pageLoads = recordPageLoads();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const field = (label: string) => screen.getByLabelText(label);

async function fillIn(values: Record<string, string>) {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(values)) await user.type(field(label), value);
  return user;
}

// Typing into antd fields is slow in jsdom; the whole suite runs these files in parallel.
describe('the sign-up page', { timeout: 20_000 }, () => {
  it('validates every field as you type with the shared rules', async () => {
    renderApp(routes.logon(), createTestServices(server));
    await screen.findByRole('heading', { level: 1, name: '注册 Tessera 账户' });
    const user = await fillIn({ 邮箱或手机号: 'alice@', 用户名: '13800138000', 密码: 'abcdef', 确认密码: 'abcdeg' });
    await waitFor(() => expect(messageOf('邮箱或手机号')).toBe('请输入正确的邮箱地址'));
    expect(messageOf('用户名')).toBe('用户名不能是手机号的格式');
    expect(messageOf('密码')).toBe('密码为 6 至 24 个字符，且至少包含一个数字和一个字母');
    await waitFor(() => expect(messageOf('确认密码')).toBe('两次输入的密码不一致'));

    await user.clear(field('邮箱或手机号'));
    await user.type(field('邮箱或手机号'), '1380013');
    await waitFor(() => expect(messageOf('邮箱或手机号')).toBe('请输入正确的手机号码'));
    // The message is also read out, once, by the live region.
    expect(announcedFieldMessage()).toBe('请输入正确的手机号码');
    await user.type(field('邮箱或手机号'), '8000');
    await waitFor(() => expect(messageOf('邮箱或手机号')).toBe(''));
    expect(field('邮箱或手机号').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends a register code to a valid address and counts 60 seconds down before the next', async () => {
    renderApp(routes.logon(), createTestServices(server));
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(messageOf('邮箱或手机号')).toBe('请输入邮箱或手机号'));
    expect(requestsTo(server, '/v2/messages/send')).toHaveLength(0);

    await user.type(field('邮箱或手机号'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    const waiting = await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    // The disabled button cannot keep the focus: it moves on to the code field.
    await waitFor(() => expect(document.activeElement).toBe(field('验证码')));
    expect(screen.getByText('验证码已发送至 new@example.com，5 分钟内有效')).toBeTruthy();
    expect(bodyOf(requestsTo(server, '/v2/messages/send')[0])).toEqual({
      loginName: 'new@example.com',
      authCodeType: 'register',
    });
  });

  it('shows why a code was not sent and lets the person try again', async () => {
    server.route('/v2/messages/send', { body: envelope(null, { errCode: 2, msg: '发送过于频繁，请 42 秒后再试' }) });
    renderApp(routes.logon(), createTestServices(server));
    await screen.findByRole('heading', { level: 1 });
    const user = await fillIn({ 邮箱或手机号: '13800138000' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('发送过于频繁，请 42 秒后再试')).toBeTruthy();
    expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '获取验证码' })));
  });

  it('registers, signs in and loads goTo', async () => {
    renderApp(routes.logon({ goTo: 'http://localhost:3000/activities' }), createTestServices(server));
    await screen.findByRole('heading', { level: 1 });
    await fillIn({
      邮箱或手机号: 'new@example.com',
      验证码: '123456',
      用户名: 'newcomer',
      密码: 'Tessera2026',
      确认密码: 'Tessera2026{Enter}',
    });
    await waitFor(() => expect(pageLoads).toEqual(['/activities']));
    expect(bodyOf(requestsTo(server, '/v2/users')[0])).toEqual({
      loginName: 'new@example.com',
      password: 'Tessera2026',
      username: 'newcomer',
      authCode: '123456',
    });
    expect(bodyOf(requestsTo(server, '/v2/passport/login')[0])).toEqual({
      loginName: 'new@example.com',
      password: 'Tessera2026',
      isRemember: 0,
    });
  });

  it('links the third-party identity brought from /bind to the new account, which signs it in', async () => {
    const identityId = '0123456789abcdef01234567';
    renderApp(routes.logon({ goTo: 'http://localhost:3000/home', identityId }), createTestServices(server));
    expect(await screen.findByText('注册完成后，你刚才使用的第三方账号会关联到新账号。')).toBeTruthy();
    await fillIn({
      邮箱或手机号: 'new@example.com',
      验证码: '123456',
      用户名: 'newcomer',
      密码: 'Tessera2026',
      确认密码: 'Tessera2026{Enter}',
    });
    await waitFor(() => expect(pageLoads).toEqual(['/home']));
    expect(bodyOf(requestsTo(server, '/v2/thirdParty/registerOrBind')[0])).toEqual({
      loginName: 'new@example.com',
      password: 'Tessera2026',
      identityId,
    });
    expect(requestsTo(server, '/v2/passport/login')).toHaveLength(0);
  });

  it('shows the msg of a refusal, also "route not found" before the server has the call', async () => {
    server.route('/v2/users', { body: envelope(null, { errCode: 8, msg: 'route not found' }) });
    renderApp(routes.logon(), createTestServices(server));
    await screen.findByRole('heading', { level: 1 });
    await fillIn({
      邮箱或手机号: 'new@example.com',
      验证码: '123456',
      用户名: 'newcomer',
      密码: 'Tessera2026',
      确认密码: 'Tessera2026{Enter}',
    });
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('route not found'));
    expect(pageLoads).toEqual([]);
  });

  /** Signs up with good values against a server that refuses `field` with `message` (errCode 4). */
  async function signUpRefused(field: string, message: string) {
    server.route('/v2/users', {
      body: envelope([{ field, code: 'x', message }], { errCode: 4, msg: '参数校验失败' }),
    });
    renderApp(routes.logon(), createTestServices(server));
    await screen.findByRole('heading', { level: 1 });
    await fillIn({
      邮箱或手机号: 'new@example.com',
      验证码: '123456',
      用户名: 'alice',
      密码: 'Tessera2026',
      确认密码: 'Tessera2026{Enter}',
    });
  }

  it('marks the fields the server names in a bad-parameters answer', async () => {
    await signUpRefused('username', '用户名已被占用');
    await waitFor(() => expect(messageOf('用户名')).toBe('用户名已被占用'));
    expect(field('用户名').getAttribute('aria-invalid')).toBe('true');
    // Only what no field shows goes to the banner: here nothing.
    expect(screen.getByTestId('form-error').textContent).toBe('');
  });

  it('puts a field the form does not have into the banner, after the server’s message', async () => {
    await signUpRefused('body', '请求内容不是有效的 JSON');
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('参数校验失败. body: 请求内容不是有效的 JSON'),
    );
  });

  it('speaks English', async () => {
    renderApp(routes.logon(), createTestServices(server, { language: 'en_US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your Tessera account' })).toBeTruthy();
    await fillIn({ 'E-mail or mobile number': 'x@' });
    await waitFor(() => expect(messageOf('E-mail or mobile number')).toBe('Enter a valid e-mail address'));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });
});
