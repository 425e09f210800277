// Building diagnostics (DOMAIN §4.6) and rendering them in the caller's language.
import type { Language } from '../constants';
import { lookupPolicyText, type PolicyTexts } from './texts';
import type { PolicyDiagnostic, PolicyDiagnosticCode, PolicyMessageParams, SourceRange } from './types';

export function diagnostic(
  code: PolicyDiagnosticCode,
  range: SourceRange,
  params: PolicyMessageParams = {},
  messageKey = `policy.error.${code}`,
): PolicyDiagnostic {
  return {
    code,
    severity: code.startsWith('W') ? 'warning' : 'error',
    line: range.start.line,
    column: range.start.column,
    from: range.start.offset,
    to: range.end.offset,
    messageKey,
    params,
  };
}

const SHOWN_TOKEN_LENGTH = 24;

/** P001. `token` null means the text ended where something else was expected. */
export function syntaxError(range: SourceRange, token: string | null): PolicyDiagnostic {
  const position = { line: range.start.line, column: range.start.column };
  if (token === null) return diagnostic('P001', range, position, 'policy.error.P001.end');
  const chars = Array.from(token);
  const shown = chars.length > SHOWN_TOKEN_LENGTH ? `${chars.slice(0, SHOWN_TOKEN_LENGTH).join('')}…` : token;
  return diagnostic('P001', range, { ...position, token: shown });
}

export function byPosition(a: PolicyDiagnostic, b: PolicyDiagnostic): number {
  return a.from - b.from || a.to - b.to;
}

export function formatPolicyDiagnostic(item: PolicyDiagnostic, language: Language, texts: PolicyTexts): string {
  return lookupPolicyText(texts, language, item.messageKey, item.params);
}

/** One entry of the errCode 4 answer of DOMAIN §4.6; `index` is the text's position in the request. */
export type PolicyWireError = { index: number; line: number; column: number; code: string; message: string };

export function policyWireErrors(
  items: readonly PolicyDiagnostic[],
  index: number,
  language: Language,
  texts: PolicyTexts,
): PolicyWireError[] {
  return items.map((item) => ({
    index,
    line: item.line,
    column: item.column,
    code: item.code,
    message: formatPolicyDiagnostic(item, language, texts),
  }));
}
