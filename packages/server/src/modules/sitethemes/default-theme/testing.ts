// Inputs for the default theme's tests.
import type { Language } from '@tessera/domain';
import type { ExhibitListInput, ExhibitPageInput, ThemeExhibitCard, ThemePageBase } from './types';

export function pageBase(language: Language = 'en_US'): ThemePageBase {
  return {
    node: {
      nodeName: 'demo',
      nodeTitle: 'Demo Gallery',
      nodeShortDescription: 'Things to see',
      nodeLogo: '/static/logo.png',
    },
    visitor: null,
    language,
    path: '/',
    signInUrl: 'http://console.localhost/login?redirect=http%3A%2F%2Fdemo.localhost%2F',
  };
}

export function card(overrides: Partial<ThemeExhibitCard> = {}): ThemeExhibitCard {
  return {
    exhibitId: 'e1',
    title: 'Sunset',
    resourceType: ['image'],
    coverImages: [],
    url: '/exhibits/e1',
    ...overrides,
  };
}

export function listInput(overrides: Partial<ExhibitListInput> = {}): ExhibitListInput {
  return {
    ...pageBase(),
    exhibits: [card()],
    listQuery: { keywords: '', type: '' },
    paging: { page: 1, pageSize: 20, totalItems: 1 },
    ...overrides,
  };
}

export function pageInput(resourceType: string[], overrides: Partial<ExhibitPageInput> = {}): ExhibitPageInput {
  return {
    ...pageBase(),
    path: '/exhibits/e1',
    exhibit: {
      exhibitId: 'e1',
      title: 'Sunset',
      intro: 'An evening',
      resourceType,
      coverImages: [],
      tags: [],
      version: '1.0.0',
    },
    auth: { authCode: 201, isAuth: true, defaulterIdentityType: 0 },
    content: { fileStreamUrl: '/v2/auths/exhibits/80000000/e1/fileStream' },
    signUrl: 'http://console.localhost/sign?exhibitId=e1',
    ...overrides,
  };
}

/** The page's markup with all text removed: what stays the same whatever text is interpolated. */
export function skeleton(html: string): string {
  return html.replace(/[^<>"]/g, '');
}
