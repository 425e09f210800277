// The built-in default theme of node sites: pure server-side rendering from plain data (see README.md).
export { renderExhibitList, pageNumbers, DEFAULT_TYPE_FILTERS } from './exhibit-list';
export { renderExhibitPage } from './exhibit-page';
export { renderNotFoundPage } from './not-found';
export { contentNeedOf, type ContentNeed } from './content';
export { accessBadge, type AccessBadge } from './badges';
export { authNotice, type AuthNotice, type AuthAction } from './auth-notice';
export { SLIDES_SCRIPT } from './slides';
export { renderMarkdown, splitSlides } from './markdown';
export { escapeHtml, safeUrl } from './escape';
export type * from './types';
