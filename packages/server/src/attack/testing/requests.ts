// A request on a route aimed at a target: its path, query and body filled from the target where it
// supplies the name, and with valid example values elsewhere (so the request gets past validation).
import type { AttackRequest } from './answers';
import { exampleOf, exampleQuery, urlOf, withRouteExamples, type Route, type ValueSource } from './openapi';
import { multipartFile } from './owner';
import { targetPathValue, targetValue, type Target } from './targets';

export function aimedRequest(route: Route, target: Target): AttackRequest {
  const values = withRouteExamples(route, (name, schema) => targetValue(target, name, schema));
  const pathValues = Object.fromEntries(route.pathParams.map((p) => [p.name, String(targetPathValue(target, p.name))]));
  const query = new URLSearchParams(exampleQuery(route, values)).toString();
  const url = `${urlOf(route, pathValues)}${query === '' ? '' : `?${query}`}`;
  return {
    method: route.method,
    url,
    ...(route.body ? { body: exampleOf(route.body, 'body', values) } : {}),
  };
}

/** The answer with the target's values blotted out, to compare answers about two targets. */
export function normalised(answer: { status: number; body: unknown; text: string }, target: Target): string {
  let text = `${answer.status} ${answer.body === undefined ? answer.text : JSON.stringify(answer.body)}`;
  const values = Object.values({ ...target.values, ...target.companions })
    .flat()
    .sort((a, b) => b.length - a.length);
  for (const value of values) {
    text = text.split(value).join('<value>').split(encodeURIComponent(value)).join('<value>');
  }
  return text;
}

/** A request any caller could make on a route: valid example values, `values` first where it names one. */
export function exampleRequest(route: Route, values: ValueSource = () => undefined): AttackRequest {
  const pathValues = Object.fromEntries(
    route.pathParams.map((p) => [p.name, String(exampleOf(p.schema, p.name, values))]),
  );
  const query = new URLSearchParams(exampleQuery(route, values)).toString();
  const url = `${urlOf(route, pathValues)}${query === '' ? '' : `?${query}`}`;
  if (route.multipart) {
    const { body, headers } = multipartFile('attack.md', '# attack\n');
    return { method: route.method, url, body, headers };
  }
  return { method: route.method, url, ...(route.body ? { body: exampleOf(route.body, 'body', values) } : {}) };
}
