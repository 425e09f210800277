// Helpers of the attack suite (packages/server/src/attack): routes from the OpenAPI document, the
// owner's world, callers, answers judged, row counts, the tally behind docs/security.md.
export * from './answers';
export * from './database';
export * from './openapi';
export * from './owner';
export * from './tally';
export * from './targets';
export * from './requests';
export * from './fuzz';
export * from './server-process';
