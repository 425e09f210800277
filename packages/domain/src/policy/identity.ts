// Content addressing of policies (DOMAIN §1.1, §2.12): one policy per normalised text and subject type,
// shared by the whole platform, with event ids that are stable for every contract on it.
import { md5Hex } from './md5';
import type { PolicySubjectType } from './types';

const LINE_BREAK = /\r\n?/g;
const TRAILING_BLANKS = /[ \t]+$/gm;
// The lexer treats only spaces, tabs and line breaks as blanks (§4.1), so trimming uses the same set.
const OUTER_BLANKS = /^[ \t\n]+|[ \t\n]+$/g;

/** CR LF and lone CR become LF, trailing spaces and tabs of every line go, the whole text is trimmed. */
export function normalizePolicyText(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(TRAILING_BLANKS, '').replace(OUTER_BLANKS, '');
}

/**
 * The exact text whose md5 (over its UTF-8 bytes) is the policyId: the normalised text, a line feed and
 * `subjectType:{n}`. Comments stay part of it, so two texts that differ only in comments are two policies.
 */
export function policyIdSource(text: string, subjectType: PolicySubjectType): string {
  return `${normalizePolicyText(text)}\nsubjectType:${subjectType}`;
}

export function policyIdOf(text: string, subjectType: PolicySubjectType): string {
  return md5Hex(policyIdSource(text, subjectType));
}

/** md5 of `{policyId}-{stateName}-{index}`, index being the 0-based position inside the state. */
export function eventIdOf(policyId: string, stateName: string, index: number): string {
  return md5Hex(`${policyId}-${stateName}-${index}`);
}
