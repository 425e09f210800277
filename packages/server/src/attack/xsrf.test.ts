// Every unsafe route (POST, PUT, PATCH, DELETE) of the OpenAPI document, called by a signed-in user
// without the XSRF header, with a wrong one, with another user's token, and through a percent-encoded
// /v2 prefix without one: errCode 3 every time, and nothing stored.
import { ErrCode } from '@tessera/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';
import {
  Caller,
  changedTables,
  documentedRoutes,
  errCodeOf,
  exampleRequest,
  formViolations,
  isUnsafe,
  rowCounts,
  Tally,
  type AttackRequest,
} from './testing';

const tally = new Tally('xsrf', 'Unsafe routes without a valid XSRF token');
const t = await createTestApp();
afterAll(() => t.close());
const member = new Caller(t, tally, (await t.login()).client);
const other = new Caller(t, tally, (await t.login()).client);
const unsafeRoutes = documentedRoutes(t.app).filter(isUnsafe);
const VARIANTS: { name: string; forge: (request: AttackRequest) => Promise<AttackRequest> }[] = [
  { name: 'without the header', forge: async (request) => ({ ...request, xsrf: 'none' }) },
  {
    name: 'with a wrong token',
    forge: async (request) => ({ ...request, xsrf: { header: `${await member.xsrfToken()}x` } }),
  },
  {
    name: 'with another user’s token',
    forge: async (request) => {
      const token = await other.xsrfToken();
      return { ...request, xsrf: { header: token, cookie: token } };
    },
  },
  {
    name: 'through an encoded /v2 prefix without the header',
    forge: async (request) => ({ ...request, url: request.url.replace(/^\/v2\//, '/%76%32/'), xsrf: 'none' }),
  },
];

describe('XSRF', () => {
  it('finds the unsafe routes', () => expect(unsafeRoutes.length).toBeGreaterThan(30));

  for (const route of unsafeRoutes) {
    tally.case(`xsrf ${route.key}`, async () => {
      const violations: string[] = [];
      for (const variant of VARIANTS) {
        const request = await variant.forge(exampleRequest(route));
        const before = await rowCounts(t);
        const answer = await member.send(route, request);
        const at = `${variant.name}: ${request.method} ${request.url}`;
        violations.push(...formViolations(route, request, answer));
        const errCode = errCodeOf(answer);
        if (errCode !== ErrCode.Forbidden) violations.push(`errCode ${errCode} ${answer.text.slice(0, 200)}: ${at}`);
        const changed = changedTables(before, await rowCounts(t));
        if (changed.length > 0) violations.push(`stored (${changed.join(', ')}): ${at}`);
      }
      return violations;
    });
  }
});
