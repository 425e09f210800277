// Public surface of @tessera/domain. The translation texts stay behind '@tessera/domain/i18n-texts'
// so that code which only needs rules does not bundle every text.
export * from './activities';
export * from './api';
export * from './auth';
export * from './constants';
export * from './contract';
export * from './dates';
export * from './dependencies';
export * from './dependency-cycle';
export * from './files';
export * from './i18n/language';
export * from './i18n/texts-address';
export * from './nodes';
export * from './policy';
export * from './profile';
export * from './properties';
export * from './random';
export * from './resource-status';
export * from './resource-subjects';
export * from './media-preview';
export * from './rich-text';
export * from './resource-types';
export * from './routes';
export * from './validation';
export * from './semver';
export * from './verification-codes';
