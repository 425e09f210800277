// What each attack file did, for docs/security.md: routes covered, requests sent, refusals, cases
// and their failures. Written as .reports/security/<file>-<database>.json when the file ends;
// `npm run security:report` sums them into the note.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { testDatabaseUrl, type ApiResponse } from '../../testing';
import { knownHoleOf, type Dialect } from '../known-holes';

export const REPORTS_DIR = fileURLToPath(new URL('../../../../../.reports/security/', import.meta.url));

export function currentDialect(): Dialect {
  return testDatabaseUrl() === null ? 'sqlite' : 'postgres';
}

export type CaseOutcome = {
  name: string;
  violations: string[];
  /** The finding it is a known hole of, when it is one. */
  knownHole: string | null;
};

export type SecurityFileReport = {
  file: string;
  title: string;
  dialect: Dialect;
  routes: string[];
  requests: number;
  refusals: number;
  accepted: number;
  cases: CaseOutcome[];
  seconds: number;
};

export class Tally {
  readonly #report: SecurityFileReport;
  readonly #routes = new Set<string>();
  readonly #started = Date.now();

  /** Registers the afterAll hook that writes the file's figures. */
  constructor(file: string, title: string) {
    this.#report = {
      file,
      title,
      dialect: currentDialect(),
      routes: [],
      requests: 0,
      refusals: 0,
      accepted: 0,
      cases: [],
      seconds: 0,
    };
    afterAll(() => this.#write());
  }

  get dialect(): Dialect {
    return this.#report.dialect;
  }

  /** Counts one answer; a refusal is an error envelope or an HTTP error status. */
  record(routeKey: string | null, response: Pick<ApiResponse, 'status' | 'body'>): void {
    if (routeKey !== null) this.#routes.add(routeKey);
    this.#report.requests += 1;
    const errCode = (response.body as { errCode?: unknown } | undefined)?.errCode;
    if (response.status >= 400 || (typeof errCode === 'number' && errCode !== 0)) this.#report.refusals += 1;
    else this.#report.accepted += 1;
  }

  /**
   * One case of the suite: `check` answers the violations it found (none when the case held).
   * A case named in known-holes.ts is expected to fail (or, when unreliable, is counted only).
   */
  case(name: string, check: () => Promise<string[]>, timeout?: number): void {
    const hole = knownHoleOf(name, this.dialect);
    const test = hole && !hole.unreliable ? it.fails : it;
    test(
      name,
      async () => {
        const violations = await check();
        this.#report.cases.push({ name, violations: violations.slice(0, 20), knownHole: hole?.finding ?? null });
        if (hole?.unreliable) return;
        expect(violations, hole ? `known hole (${hole.finding})` : name).toEqual([]);
      },
      timeout,
    );
  }

  #write(): void {
    this.#report.routes = [...this.#routes].sort();
    this.#report.seconds = Math.round((Date.now() - this.#started) / 100) / 10;
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(
      join(REPORTS_DIR, `${this.#report.file}-${this.#report.dialect}.json`),
      `${JSON.stringify(this.#report, null, 2)}\n`,
    );
  }
}
