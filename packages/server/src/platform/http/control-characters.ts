// Control characters in request text, refused at the edge before any schema, service or database sees
// them: PostgreSQL refuses a NUL byte in text (the error would reach the caller as errCode 1), and no
// name, id or query term holds a control character. Path and query parameters may hold none at all
// (`…IdOrName` ones also after their second decoding); JSON bodies may hold no NUL, so that free text
// keeps its line breaks and tabs.
import { decodeIdOrName } from './requests';

/** Unicode's control characters (C0, DEL, C1: exactly \p{Cc}, which a plain class matches faster). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const NUL = /\0/;

/** The dotted name of the first text in a JSON body (keys included) that holds a NUL. */
function bodyFieldWithNul(body: unknown): string | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string' && NUL.test(value)) return path.join('.') || 'body';
    // A file's bytes (a form's Buffer) are data, not text: walking them key by key took seconds.
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      if (NUL.test(key)) return path.join('.') || 'body';
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

const holdsControl = (text: string, decodeAgain: boolean): boolean =>
  CONTROL.test(text) || (decodeAgain && CONTROL.test(decodeIdOrName(text)));

/** The name of the first parameter whose text holds a control character (`…IdOrName` also once decoded again). */
function parameterWithControl(parameters: unknown): string | undefined {
  if (typeof parameters !== 'object' || parameters === null) return undefined;
  // Plain loops: this runs on every request (issue 15).
  for (const name in parameters) {
    const value = (parameters as Record<string, unknown>)[name];
    const decodeAgain = name.endsWith('IdOrName');
    if (typeof value === 'string') {
      if (holdsControl(value, decodeAgain)) return name;
    } else if (Array.isArray(value)) {
      for (const text of value) if (typeof text === 'string' && holdsControl(text, decodeAgain)) return name;
    }
  }
  return undefined;
}

/** The field of the request that holds a refused control character, if any. */
export function fieldWithControlCharacter(request: {
  params: unknown;
  query: unknown;
  body: unknown;
}): string | undefined {
  return parameterWithControl(request.params) ?? parameterWithControl(request.query) ?? bodyFieldWithNul(request.body);
}
