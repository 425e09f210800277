import { screen, within } from '@testing-library/react';
import type { Language } from '@tessera/domain';
import { createTestServices, renderApp } from '../../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../../testing/test-server';
import type { AreaWire, CurrentUserWire } from '@tessera/contract/identity';
import { accountUser } from '../testing';

// Helpers of the personal centre tests (tests only).

export const PROVINCES: AreaWire[] = [
  { code: '110000', name: '北京市', children: [{ code: '110101', name: '东城区' }] },
  {
    code: '330000',
    name: '浙江省',
    children: [
      { code: '330100', name: '杭州市' },
      { code: '330200', name: '宁波市' },
    ],
  },
];

export function settingUser(overrides: Partial<CurrentUserWire> = {}): CurrentUserWire {
  return accountUser({ headImage: '/avatars/10001', ...overrides });
}

/** A server answering the signed-in user and the provinces. */
export function startSettingServer(user = settingUser()): Promise<TestServer> {
  return startTestServer({
    '/v2/users/current': { body: envelope(user) },
    '/v2/areas/provinces': { body: envelope(PROVINCES) },
  });
}

/** Opens /logged/setting signed in, once the page is there. */
export async function openSetting(server: TestServer, language: Language = 'zh_CN') {
  document.cookie = 'uid=10001; path=/';
  const view = renderApp('/logged/setting', createTestServices(server, { language }));
  await screen.findByRole('heading', { level: 1, name: language === 'zh_CN' ? '个人中心' : 'Personal centre' });
  return view;
}

export const sectionOf = (testId: string) => within(screen.getByTestId(testId));
