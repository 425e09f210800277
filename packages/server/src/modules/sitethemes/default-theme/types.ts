// What the default theme renders from. Plain data the node-site integration maps in: no database rows,
// no request objects. Every string is untrusted text (node owners, resource authors and visitors write
// it) and is escaped by the renderer; every URL is checked (http, https or relative) before use.
import type { Language } from '@tessera/domain';

/** Translation texts by key, as in `@tessera/domain/i18n-texts` or the `i18n_texts` table. */
export type ThemeTexts = Readonly<Record<string, Readonly<Record<Language, string>>>>;

/** The node whose site is shown (DOMAIN §2.16). */
export interface ThemeNode {
  nodeName: string;
  /** '' → the node name is the title. */
  nodeTitle: string;
  nodeShortDescription: string;
  /** Image address; '' for none. */
  nodeLogo: string;
}

/** Who is looking: null for an anonymous visitor. */
export type ThemeVisitor = { userId: number; userName: string } | null;

/** What every page needs besides its own content. */
export interface ThemePageBase {
  node: ThemeNode;
  visitor: ThemeVisitor;
  language: Language;
  /** The path of the page being rendered (no query), e.g. `/` or `/exhibits/abc`: links that keep the page use it. */
  path: string;
  /** Query parameters the page was asked with, kept by the language switch (`lang` itself is replaced). */
  query?: Readonly<Record<string, string>>;
  /** The node's home (the exhibit list); default `/`. */
  homeUrl?: string;
  /** Where "Sign in" goes (the platform's login with a return address). */
  signInUrl: string;
  /** Where "Sign out" goes, shown next to a signed-in visitor's name; absent → no link. */
  signOutUrl?: string;
  /** The language switch's links; absent → this page with `?lang=zh_CN` / `?lang=en_US`. */
  languageUrls?: Readonly<Record<Language, string>>;
  /** A line above the content, already in the page's language (e.g. telling the owner the node is paused). */
  banner?: string;
  /** Texts to use instead of the shipped seed (e.g. the `i18n_texts` table with operators' edits). */
  texts?: ThemeTexts;
}

/** An auth result (DOMAIN §5.2) as far as the theme needs it. */
export interface ThemeAuth {
  authCode: number;
  isAuth: boolean;
  /** 0 nobody, 1 a resource, 2 the node, 4 the consumer, 128 unknown. */
  defaulterIdentityType: number;
}

/** Whether the exhibit's enabled policies let people in for free; drives the "free" / "paid" badge. */
export type ThemePricing = 'free' | 'paid' | 'unknown';

/** One exhibit in the list (DOMAIN §2.17). */
export interface ThemeExhibitCard {
  exhibitId: string;
  title: string;
  /** The resource's type path, level-1 code first (`['image', '插画']`). */
  resourceType: readonly string[];
  /** Cover image addresses; the first is shown, else a type icon. */
  coverImages: readonly string[];
  /** The exhibit page. */
  url: string;
  /** The visitor's auth summary (batch auth, authType 4); absent → no badge. */
  auth?: ThemeAuth;
  pricing?: ThemePricing;
}

export interface ThemeListQuery {
  /** The search box (`?keywords=`). */
  keywords: string;
  /** The chosen type chip (`?type=`), a level-1 code; '' for all. */
  type: string;
}

export interface ThemePaging {
  /** 1-based (`?page=`). */
  page: number;
  pageSize: number;
  totalItems: number;
}

export interface ExhibitListInput extends ThemePageBase {
  exhibits: readonly ThemeExhibitCard[];
  listQuery: ThemeListQuery;
  paging: ThemePaging;
  /** Type chips to offer (level-1 codes); default every presentable type (not themes or widgets). */
  typeFilters?: readonly string[];
}

/** One item of a collection (catalog) exhibit. */
export interface ThemeCollectionItem {
  title: string;
  resourceType: readonly string[];
  /** The item's page; '' when it has none (then it is listed without a link). */
  url: string;
}

/** The exhibit shown on its own page. */
export interface ThemeExhibit {
  exhibitId: string;
  title: string;
  intro: string;
  resourceType: readonly string[];
  coverImages: readonly string[];
  tags: readonly string[];
  /** The locked version; '' for a collection. */
  version: string;
}

/**
 * The exhibit's content, loaded by the caller once the visitor is authorised. What to load depends on
 * the type: `contentNeedOf(resourceType)` says which field the renderer reads.
 */
export interface ThemeContent {
  /** The exhibit's fileStream address (serves Range; images, audio and video point at it). */
  fileStreamUrl: string;
  /** The file as text: markdown, JSON, reveal slides, licence. */
  text?: string;
  /** A collection's items. */
  items?: readonly ThemeCollectionItem[];
  /** For types shown only as a link (widget, theme, unknown): the link offered, when allowed; '' or absent for none. */
  openUrl?: string;
}

/** How the slides' script is delivered under a Content-Security-Policy: an inline script with a nonce, or a script route. */
export type ThemeScript = { nonce: string } | { src: string };

export interface ExhibitPageInput extends ThemePageBase {
  exhibit: ThemeExhibit;
  /** The visitor's auth result for this exhibit (all three layers). */
  auth: ThemeAuth;
  /** Present when `auth.isAuth`; ignored otherwise. */
  content?: ThemeContent;
  /** The platform's sign-and-pay dialog for this exhibit (sign a policy, or pay a contract that is due). */
  signUrl: string;
  /** How slides get their script; without it slides are shown one under another. */
  script?: ThemeScript;
}
