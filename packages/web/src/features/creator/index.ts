// The publishing pieces other features use: the batch creator (policies list, names, files, tags,
// leave prompt, styles) and the owner's resource editor (cover, tags, resource changes). The pages
// load through the router (app/routes.tsx → creator-pages.ts); tests use ./testing.
export { fileCanBeUsed, generateResourceNames } from './creator-api';
export { CoverField } from './CoverField';
export { FieldProblem } from './FieldProblem';
export { PolicyList } from './PolicyList';
export { OnlineBlockerNotice, onlineBlocker, PutOnline, type OnlineBlocker } from './PutOnline';
export { refreshResourceReads } from './resource-reads';
export { storeFile, type StoreProgress } from './store-file';
export { useLeavePrompt } from './use-leave-prompt';
export { useResourceChange } from './use-resource-change';
export { useTagSuggestions } from './use-tag-suggestions';
/** The publishing forms' styles, which the batch creator shares. */
export { default as creatorStyles } from './creator.module.css';
