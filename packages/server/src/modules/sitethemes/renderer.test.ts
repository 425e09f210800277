// The dispatch between a node's zipped theme app and the default theme, with stand-ins for both.
import { describe, expect, it } from 'vitest';
import type { SiteExhibit } from '../exhibits';
import type { NodeRow } from '../nodes';
import type { ThemedSiteAnswer, ThemedSiteRequest } from '../nodesites';
import { SiteThemeRenderer } from './renderer';
import type { ActiveTheme, ThemeAppSite } from './theme-app';

const THEME_ID = 'a'.repeat(24);

function exhibit(changes: Partial<SiteExhibit> = {}): SiteExhibit {
  return {
    exhibitId: THEME_ID,
    exhibitName: 'paper',
    nodeId: 7,
    title: 'Paper',
    intro: '',
    resourceId: 'b'.repeat(24),
    resourceName: 'bob/paper',
    resourceType: ['theme'],
    coverImages: [],
    tags: [],
    version: '1.0.0',
    onlineStatus: 1,
    pricing: 'free',
    ...changes,
  };
}

const requestFor = (nodeThemeId: string) =>
  ({ node: { nodeId: 7, nodeThemeId } as NodeRow, url: '/' }) as unknown as ThemedSiteRequest;

const answer = (body: string): ThemedSiteAnswer => ({ status: 200, contentType: 'text/html', body });

function rendererWith(found: SiteExhibit | undefined, app: ThemedSiteAnswer | null | 'none') {
  const asked: ActiveTheme[] = [];
  const themeApp: ThemeAppSite = {
    render: (_request, theme) => {
      asked.push(theme);
      return Promise.resolve(app === 'none' ? null : app);
    },
  };
  const renderer = new SiteThemeRenderer({
    exhibits: { find: (_nodeId, exhibitId) => Promise.resolve(exhibitId === THEME_ID ? found : undefined) },
    defaultTheme: { renderSiteWithTheme: () => Promise.resolve(answer('default')) },
    themeApp: app === 'none' ? null : themeApp,
  });
  return { renderer, asked };
}

describe('the theme dispatch', () => {
  it('gives a node with an online theme exhibit to its theme app', async () => {
    const { renderer, asked } = rendererWith(exhibit(), answer('app'));
    expect((await renderer.renderSiteWithTheme(requestFor(THEME_ID))).body).toBe('app');
    expect(asked).toEqual([
      {
        nodeId: 7,
        exhibitId: THEME_ID,
        exhibitName: 'paper',
        resourceId: 'b'.repeat(24),
        resourceName: 'bob/paper',
        resourceType: ['theme'],
        version: '1.0.0',
      },
    ]);
  });

  it('falls back to the default theme when the app declines', async () => {
    const { renderer, asked } = rendererWith(exhibit(), null);
    expect((await renderer.renderSiteWithTheme(requestFor(THEME_ID))).body).toBe('default');
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['no active theme', '', exhibit()],
    ['an unknown theme exhibit', 'c'.repeat(24), exhibit()],
    ['an offline theme exhibit', THEME_ID, exhibit({ onlineStatus: 0 })],
    ['an exhibit that is no theme', THEME_ID, exhibit({ resourceType: ['image'] })],
  ])('shows the default theme for %s without asking the app', async (_case, themeId, found) => {
    const { renderer, asked } = rendererWith(found, answer('app'));
    expect((await renderer.renderSiteWithTheme(requestFor(themeId))).body).toBe('default');
    expect(asked).toEqual([]);
  });

  it('shows the default theme when there is no theme app at all', async () => {
    const { renderer } = rendererWith(exhibit(), 'none');
    expect((await renderer.renderSiteWithTheme(requestFor(THEME_ID))).body).toBe('default');
  });
});
