import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../../testing/test-server';
import { bodyOf, messageOf, requestsTo } from '../testing';
import { openSetting, sectionOf, startSettingServer } from './testing';

const UPDATE = '/v2/users/current/updatePassword';
let server: TestServer;
beforeEach(async () => {
  server = await startSettingServer();
});
afterEach(() => server.close());

const section = () => sectionOf('password-section');

describe('the password section', { timeout: 20_000 }, () => {
  it('changes the password and says that other devices were signed out', async () => {
    server.route(UPDATE, { body: envelope(true) });
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('当前密码'), 'Tessera2026');
    await user.type(screen.getByLabelText('新密码'), 'NewPass2026');
    await user.type(screen.getByLabelText('确认密码'), 'NewPass2026');
    await user.click(section().getByRole('button', { name: '修改密码' }));

    await waitFor(() =>
      expect(section().getByRole('status').textContent).toBe(
        '密码已修改。你在其他设备上的登录已全部退出，当前设备保持登录。',
      ),
    );
    const [put] = requestsTo(server, UPDATE);
    expect(put?.method).toBe('PUT');
    expect(bodyOf(put)).toEqual({ oldPassword: 'Tessera2026', newPassword: 'NewPass2026' });
    expect((screen.getByLabelText('当前密码') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('新密码') as HTMLInputElement).value).toBe('');
  });

  it('checks the new password with the shared rules and the confirmation as it is typed', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('新密码'), 'short');
    await waitFor(() => expect(messageOf('新密码')).not.toBe(''));
    await user.type(screen.getByLabelText('确认密码'), 'different1');
    await waitFor(() => expect(messageOf('确认密码')).toBe('两次输入的密码不一致'));
    await user.click(section().getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(messageOf('当前密码')).toBe('请输入密码'));
    expect(requestsTo(server, UPDATE)).toHaveLength(0);
  });

  it('shows the server’s answer when the current password is wrong', async () => {
    server.route(UPDATE, { body: envelope(null, { ret: 0, errCode: 3, msg: '原密码错误' }) });
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('当前密码'), 'Wrong2026');
    await user.type(screen.getByLabelText('新密码'), 'NewPass2026');
    await user.type(screen.getByLabelText('确认密码'), 'NewPass2026{Enter}');
    await waitFor(() => expect(section().getByTestId('form-error').textContent).toBe('原密码错误'));
    expect((screen.getByLabelText('新密码') as HTMLInputElement).value).toBe('NewPass2026');
  });
});
