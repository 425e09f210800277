import { LANGUAGES } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { renderExhibitList } from './exhibit-list';
import { renderExhibitPage } from './exhibit-page';
import { themeTranslator } from './texts';
import { card, listInput, pageInput } from './testing';

const TYPES = ['image', 'audio', 'video', 'markdown', 'json', 'reveal_slide', 'license', 'catalog', 'widget', 'theme'];
const AUTH_CODES: [number, number][] = [
  [301, 4], [302, 4], [303, 4], [304, 4], [305, 4], [306, 4], [501, 4], [502, 4], [503, 4],
  [301, 2], [304, 1], [401, 128], [402, 128], [403, 1], [504, 2], [505, 128], [900, 128],
]; // prettier-ignore

/** A text missing from nodesiteTheme.json shows its key: no page may contain one. */
function expectAllTexts(html: string): void {
  expect(html).not.toMatch(/nodesiteTheme\.[\w.]+/);
}

describe('the theme’s texts', () => {
  it.each(LANGUAGES)('exist for every page, type, badge and auth state in %s', (language) => {
    const visitor = { userId: 1, userName: 'u' };
    expectAllTexts(
      renderExhibitList({
        ...listInput({
          exhibits: AUTH_CODES.map(([authCode, defaulter]) =>
            card({ auth: { authCode, isAuth: false, defaulterIdentityType: defaulter } }),
          ).concat([card({ auth: { authCode: 200, isAuth: true, defaulterIdentityType: 0 } })]),
          paging: { page: 2, pageSize: 1, totalItems: 3 },
        }),
        language,
        visitor,
        signOutUrl: '/out',
      }),
    );
    expectAllTexts(
      renderExhibitList({ ...listInput({ exhibits: [], listQuery: { keywords: 'x', type: '' } }), language }),
    );
    for (const type of TYPES) {
      const text = type === 'json' ? 'not json' : '# a\n---\n# b';
      const input = pageInput([type], { content: { fileStreamUrl: '/f', text, openUrl: '/o' } });
      expectAllTexts(renderExhibitPage({ ...input, language, script: { nonce: 'n' } }));
      expectAllTexts(renderExhibitPage({ ...pageInput([type], { content: { fileStreamUrl: '/f' } }), language }));
    }
    for (const [authCode, defaulter] of AUTH_CODES) {
      for (const who of [null, visitor]) {
        const auth = { authCode, isAuth: false, defaulterIdentityType: defaulter };
        expectAllTexts(renderExhibitPage({ ...pageInput(['image'], { auth }), language, visitor: who }));
      }
    }
  });

  it('prefers the texts it is given (operators’ edits) and falls back to the seed', () => {
    const t = themeTranslator('en_US', { 'nodesiteTheme.signIn': { zh_CN: '进入', en_US: 'Enter' } });
    expect(t('signIn')).toBe('Enter');
    expect(t('search')).toBe('Search');
    expect(t('nope')).toBe('nodesiteTheme.nope');
  });
});
