// How an exhibit is labelled and pictured in the list: its type's icon and its access badge.
import { AuthCode, DefaulterIdentityType } from '@tessera/domain';
import type { ThemeAuth, ThemePricing } from './types';

export type AccessBadge = 'free' | 'paid' | 'licensed' | 'needsLicence' | 'unavailable';

/**
 * The visitor's standing on an exhibit in one word (DOMAIN §5.2–§5.4): let in for free, holds a licence,
 * must sign or pay (by the exhibit's pricing), the node or an upstream resource lacks a licence, or the
 * exhibit cannot be had at all (offline, frozen, missing).
 */
export function accessBadge(auth: ThemeAuth, pricing: ThemePricing = 'unknown'): AccessBadge {
  if (auth.isAuth) return auth.authCode === AuthCode.ContractAuthorized ? 'licensed' : 'free';
  if (auth.defaulterIdentityType === DefaulterIdentityType.Consumer) return pricing === 'free' ? 'free' : 'paid';
  if (
    auth.defaulterIdentityType === DefaulterIdentityType.Node ||
    auth.defaulterIdentityType === DefaulterIdentityType.Resource
  )
    return 'needsLicence';
  if (auth.authCode === AuthCode.UserNotLoggedIn) return pricing === 'free' ? 'free' : 'paid';
  return 'unavailable';
}

const TYPE_ICONS: Readonly<Record<string, string>> = {
  image: '▧',
  audio: '♪',
  video: '▶',
  markdown: '¶',
  json: '{ }',
  reveal_slide: '▭',
  license: '§',
  catalog: '☰',
  widget: '⚙',
  theme: '◐',
};

/** A one-glyph picture of the type, for cards without a cover (decorative: the type is also written out). */
export function typeIcon(code: string): string {
  return TYPE_ICONS[code] ?? '◆';
}
