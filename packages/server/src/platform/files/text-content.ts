// Tests on content no signature identifies: is it text, is it an SVG drawing, does it parse as JSON.
import { AnalysisError } from './analysis-types';
import type { StoredBytes } from './stored-bytes';

/** `.json` files up to this size are parsed in full; larger ones only have their start checked. */
export const JSON_PARSE_MAX_BYTES = 16 * 1024 * 1024;

const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** UTF-8 without control characters (a cut character at the very end is allowed), or UTF-16 with its BOM. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (hasUtf16Bom(bytes)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  return bytes.every((byte) => byte >= 0x20 || ALLOWED_CONTROLS.has(byte));
}

/** Markup starting the file (XML declaration, comment, doctype) with an `<svg` element in it. */
export function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8').decode(head.subarray(0, 4096));
  return /^\uFEFF?\s*</.test(text) && /<svg[\s>]/i.test(text);
}

function parsesAsJson(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** Rejects a `.json` file that is not JSON. Large files: only their start is looked at. */
export async function assertJson(source: StoredBytes): Promise<void> {
  const valid =
    source.fileSize <= JSON_PARSE_MAX_BYTES
      ? parsesAsJson(await source.bytes(0, source.fileSize))
      : await startsLikeJson(source);
  if (!valid) throw new AnalysisError('content is not valid JSON', 'invalid-json');
}

async function startsLikeJson(source: StoredBytes): Promise<boolean> {
  const head = await source.bytes(0, 4096);
  return looksLikeText(head) && /^\uFEFF?\s*[[{]/.test(new TextDecoder('utf-8').decode(head));
}
