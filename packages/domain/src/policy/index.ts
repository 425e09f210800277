// The policy language of DOMAIN §4, shared by the server and the web app.
export * from './types';
export { md5Hex } from './md5';
export { normalizePolicyText, policyIdSource, policyIdOf, eventIdOf } from './identity';
export { lookupPolicyText, type PolicyTexts } from './texts';
export { formatPolicyDiagnostic, policyWireErrors, type PolicyWireError } from './diagnostics';
export { tokenizePolicy, type PolicyToken, type PolicyTokenKind, type PolicyLexResult } from './lexer';
export { parsePolicy, MAX_POLICY_NAME_LENGTH, type PolicyParseResult } from './parser';
export {
  POLICY_EVENT_CODES,
  POLICY_EVENT_SERVICE,
  SELF_ACCOUNT,
  MAX_POLICY_EVENT_COUNT,
  parsePolicyAmount,
  parsePolicyCount,
  parsePolicyDateTime,
} from './events';
export {
  compilePolicy,
  classifyAudience,
  isFreePolicy,
  DEFAULT_PLATFORM_UTC_OFFSET_MINUTES,
  POLICY_INITIAL_STATE,
  MAX_POLICY_STATES,
  MAX_POLICY_TEXT_LENGTH,
  MAX_TRANSITIONS_PER_STATE,
  RESERVED_STATE_NAMES,
  type CompilePolicyOptions,
  type PolicyCompileResult,
} from './compiler';
export { decompilePolicy, eventArguments } from './decompiler';
export { translatePolicy, translatePolicyInfo, durationText, type PolicyTranslation } from './translator';
export {
  builderToText,
  compiledToBuilder,
  textToBuilder,
  freePolicyTemplate,
  payOncePolicyTemplate,
  trialThenSubscriptionPolicyTemplate,
  POLICY_TEMPLATES,
  type PolicyBuilderState,
  type PolicyBuilderTransition,
  type PolicyBuilderModel,
  type PolicyTemplate,
  type PolicyTemplateId,
  type TextToBuilderResult,
  type TrialThenSubscriptionParams,
} from './builder';
