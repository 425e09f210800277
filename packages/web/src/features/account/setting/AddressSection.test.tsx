import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../../testing/test-server';
import { bodyOf, messageOf, requestsTo } from '../testing';
import { openSetting, sectionOf, settingUser, startSettingServer } from './testing';

const CHANGE = '/v2/users/current/mobileOrEmail';
const SEND = '/v2/messages/send';
let server: TestServer;
beforeEach(async () => {
  server = await startSettingServer(settingUser({ email: 'alice@example.com', mobile: '' }));
  server.route(SEND, { body: envelope(true) });
  server.route(CHANGE, { body: envelope(true) });
});
afterEach(() => server.close());

const section = () => sectionOf('address-section');

describe('the e-mail / mobile section', { timeout: 30_000 }, () => {
  it('changes a bound e-mail address with a code to the old address and one to the new', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    expect(section().getByText('验证码将发送到当前绑定的 alice@example.com')).toBeTruthy();
    const sendButtons = () => section().getAllByRole('button', { name: '获取验证码' });
    expect(sendButtons()).toHaveLength(2);

    await user.click(sendButtons()[0] as HTMLElement); // the old address's code comes first
    await waitFor(() => expect(requestsTo(server, SEND)).toHaveLength(1));
    expect(bodyOf(requestsTo(server, SEND)[0])).toEqual({
      loginName: 'alice@example.com',
      authCodeType: 'updateMobileOrEmail',
    });

    await user.type(screen.getByLabelText('新邮箱'), 'alice@new.example');
    await user.click(sendButtons()[0] as HTMLElement); // the old one counts down now
    await waitFor(() => expect(requestsTo(server, SEND)).toHaveLength(2));
    expect(bodyOf(requestsTo(server, SEND)[1])).toEqual({
      loginName: 'alice@new.example',
      authCodeType: 'updateMobileOrEmail',
    });
    await waitFor(() => expect(section().getAllByRole('button', { name: /^\d+ 秒后重新获取$/ })).toHaveLength(2));

    server.route('/v2/users/current', { body: envelope(settingUser({ email: 'alice@new.example' })) });
    await user.type(screen.getByLabelText('原邮箱验证码'), '111111');
    await user.type(screen.getByLabelText('新地址验证码'), '222222');
    await user.click(section().getByRole('button', { name: '确认修改' }));

    await waitFor(() => expect(section().getByText('邮箱已改为 alice@new.example')).toBeTruthy());
    const [put] = requestsTo(server, CHANGE);
    expect(put?.method).toBe('PUT');
    expect(bodyOf(put)).toEqual({ newLoginName: 'alice@new.example', newAuthCode: '222222', oldAuthCode: '111111' });
    await waitFor(() => expect(screen.getByTestId('account-details').textContent).toContain('alice@new.example'));
  });

  it('binds a first mobile number with the new code only', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.click(section().getByText('手机号')); // antd's button-styled radio takes the click on its label
    expect(screen.queryByLabelText('原手机号验证码')).toBeNull();

    await user.type(screen.getByLabelText('新手机号'), 'alice@new.example');
    await waitFor(() => expect(messageOf('新手机号')).toBe('请输入手机号'));
    await user.clear(screen.getByLabelText('新手机号'));
    await user.type(screen.getByLabelText('新手机号'), '13800138000');
    await waitFor(() => expect(messageOf('新手机号')).toBe(''));
    await user.click(section().getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(requestsTo(server, SEND)).toHaveLength(1));
    expect(bodyOf(requestsTo(server, SEND)[0])).toEqual({
      loginName: '13800138000',
      authCodeType: 'updateMobileOrEmail',
    });

    await user.type(screen.getByLabelText('新地址验证码'), '333333{Enter}');
    await waitFor(() => expect(section().getByText('手机号已改为 13800138000')).toBeTruthy());
    expect(bodyOf(requestsTo(server, CHANGE)[0])).toEqual({ newLoginName: '13800138000', newAuthCode: '333333' });
  });

  it('refuses the address bound now and asks for the old code before sending', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('新邮箱'), 'Alice@Example.com');
    await waitFor(() => expect(messageOf('新邮箱')).toBe('这就是当前绑定的地址'));
    await user.click(section().getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(messageOf('原邮箱验证码')).toBe('请输入验证码'));
    expect(requestsTo(server, CHANGE)).toHaveLength(0);
  });
});
