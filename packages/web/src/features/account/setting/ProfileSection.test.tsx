import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../../testing/test-server';
import { bodyOf, messageOf, rawAccountKeys, requestsTo, userDetail } from '../testing';
import { localToday } from './profile-values';
import { openSetting, sectionOf, settingUser, startSettingServer } from './testing';

let server: TestServer;
beforeEach(async () => {
  server = await startSettingServer();
});
afterEach(() => server.close());

const DETAIL = '/v2/users/current/detailInfo';
const saveButton = () => sectionOf('profile-section').getByRole('button', { name: '保存资料' }) as HTMLButtonElement;

/** antd opens the cascader on mouse down, once the provinces are there. */
async function openAreas() {
  const input = screen.getByLabelText('所在地区') as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.mouseDown(input);
}

/** A province's name is followed by its expand icon's label. */
const areaOption = (name: string) => screen.findByRole('menuitemcheckbox', { name: new RegExp(`^${name}`) });

async function chooseArea(user: ReturnType<typeof userEvent.setup>, ...names: string[]) {
  await openAreas();
  for (const name of names) await user.click(await areaOption(name));
}

describe('the profile section', { timeout: 20_000 }, () => {
  it('validates as the person types: occupation and intro lengths, birthday', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    expect(saveButton().disabled).toBe(true);

    await user.type(screen.getByLabelText('职业'), '插'.repeat(21));
    await waitFor(() => expect(messageOf('职业')).toContain('不能超过 20 个字'));
    await user.click(screen.getByLabelText('个人简介'));
    await user.paste('😀'.repeat(200));
    // Characters, not UTF-16 units: 200 emoji are allowed.
    expect(sectionOf('profile-section').getByText('200 / 200')).toBeTruthy();
    expect(messageOf('个人简介')).toBe('');
    await user.type(screen.getByLabelText('个人简介'), '!');
    await waitFor(() => expect(messageOf('个人简介')).toContain('不能超过 200 个字'));
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });

  it('refuses HTML markup in the free text, but not a lone "<"', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('职业'));
    await user.paste('<b>陶艺</b>');
    await waitFor(() => expect(messageOf('职业')).toContain('不能包含 HTML 标签'));
    await user.clear(screen.getByLabelText('职业'));
    await user.paste('陶艺 <3');
    await waitFor(() => expect(messageOf('职业')).toBe(''));
  });

  it('refuses a birthday in the future', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    const birthday = screen.getByLabelText('生日') as HTMLInputElement;
    expect(birthday.type).toBe('date');
    expect(birthday.max).toBe(localToday());
    const [year, month, day] = localToday().split('-').map(Number) as [number, number, number];
    const tomorrow = localToday(new Date(year, month - 1, day + 1));
    await user.type(birthday, tomorrow);
    await waitFor(() => expect(messageOf('生日')).toBe('生日不能晚于今天'));
    await user.click(saveButton());
    expect(requestsTo(server, DETAIL)).toHaveLength(0);

    await user.clear(birthday);
    await user.type(birthday, localToday());
    await waitFor(() => expect(messageOf('生日')).toBe(''));
  });

  it('saves the changed fields, says so and may leave without a question afterwards', async () => {
    server.route(DETAIL, { body: envelope(true) });
    const { router } = await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.type(screen.getByLabelText('生日'), '1990-05-01');
    await user.type(screen.getByLabelText('职业'), '  插画师 ');
    await chooseArea(user, '浙江省', '宁波市');
    await user.type(screen.getByLabelText('个人简介'), '画画的人');
    expect(sectionOf('profile-section').getByText('有尚未保存的修改')).toBeTruthy();
    await user.click(saveButton());

    await waitFor(() => expect(sectionOf('profile-section').getByRole('status').textContent).toBe('资料已保存'));
    const [put] = requestsTo(server, DETAIL);
    expect(put?.method).toBe('PUT');
    expect(bodyOf(put)).toEqual({
      sex: 2,
      birthday: '1990-05-01',
      occupation: '插画师',
      areaCode: '330200',
      intro: '画画的人',
    });
    expect(saveButton().disabled).toBe(true);
    // The page reads the user again after the change.
    await waitFor(() => expect(requestsTo(server, '/v2/users/current').length).toBeGreaterThan(1));

    await router.navigate('/activities');
    await waitFor(() => expect(router.state.location.pathname).toBe('/activities'));
  });

  it('sends only what changed and shows the server’s refusal', async () => {
    server.route('/v2/users/current', {
      body: envelope(
        settingUser({
          userDetail: userDetail({
            sex: 1,
            birthday: '1988-01-02',
            occupation: '摄影师',
            areaCode: '330100',
            areaName: '浙江省杭州市',
            intro: '你好',
          }),
        }),
      ),
    });
    server.route(DETAIL, {
      body: envelope([{ field: 'occupation', message: '职业太长' }], { ret: 0, errCode: 4, msg: '参数错误' }),
    });
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    expect((screen.getByRole('radio', { name: '男' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('生日') as HTMLInputElement).value).toBe('1988-01-02');
    await waitFor(() => expect(screen.getByTestId('profile-section').textContent).toContain('浙江省 / 杭州市'));

    await user.clear(screen.getByLabelText('职业'));
    await user.type(screen.getByLabelText('职业'), '插画师');
    // As a person does: the button is pressed once it shows that there is something to save.
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(messageOf('职业')).toContain('职业太长'));
    expect(bodyOf(requestsTo(server, DETAIL)[0])).toEqual({ occupation: '插画师' });
    // The field says it; the banner does not repeat the generic "bad parameters".
    expect(sectionOf('profile-section').getByTestId('form-error').textContent).toBe('');
    expect(saveButton().disabled).toBe(false);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('职业'), '插画师');

    void router.navigate('/activities');
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect(router.state.location.pathname).toBe('/logged/setting');
    expect((screen.getByLabelText('职业') as HTMLInputElement).value).toBe('插画师');

    void router.navigate('/activities');
    const again = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    await user.click(within(again).getByRole('button', { name: '放弃并离开' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activities'));
  });

  it('lists the provinces and their cities in the cascader', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await openAreas();
    expect(await areaOption('北京市')).toBeTruthy();
    await user.click(await areaOption('浙江省'));
    expect(await areaOption('杭州市')).toBeTruthy();
    expect(await areaOption('宁波市')).toBeTruthy();
    expect(requestsTo(server, '/v2/areas/provinces')).toHaveLength(1);
  });
});
