// The run's summary names the failed tests and those that passed only on retry, from the shapes of
// vitest's and Playwright's JSON reports (CI keeps only the tail of the output).
import { describe, expect, it } from 'vitest';
import { playwrightOutcomes, vitestOutcomes } from './lib/report-names.mjs';

describe('the names in the summary', () => {
  it('names vitest failures, files that failed without a test, and retried passes', () => {
    const report = {
      testResults: [
        {
          name: '/repo/packages/server/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            {
              status: 'failed',
              fullName: 'area fails',
              failureMessages: ['\u001b[31mAssertionError: 1\u001b[39m\nat x'],
            },
            { status: 'passed', fullName: 'area retried', failureMessages: ['Error: timed out'] },
            { status: 'passed', fullName: 'area passes', failureMessages: [] },
          ],
        },
        { name: '/repo/b.test.ts', status: 'failed', message: 'Error: hook timed out', assertionResults: [] },
      ],
    };
    expect(vitestOutcomes(report, '/repo')).toEqual({
      failures: ['packages/server/src/a.test.ts › area fails: AssertionError: 1', 'b.test.ts: Error: hook timed out'],
      flaky: ['packages/server/src/a.test.ts › area retried: Error: timed out'],
    });
  });

  it('names Playwright failures with their place, flaky tests, and errors outside any test', () => {
    const report = {
      suites: [
        {
          title: 'x.spec.ts',
          file: 'x.spec.ts',
          specs: [{ title: 'ok', file: 'x.spec.ts', line: 9, tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'group',
              file: 'x.spec.ts',
              specs: [
                {
                  title: 'fails',
                  file: 'x.spec.ts',
                  line: 4,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ error: { message: 'first' } }, { error: { message: 'last' } }],
                    },
                  ],
                },
                { title: 'flaky', file: 'x.spec.ts', line: 3, tests: [{ status: 'flaky' }] },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error: the web server did not start' }],
    };
    expect(playwrightOutcomes(report)).toEqual({
      failures: ['x.spec.ts:4 › group › fails: last', 'outside any test: Error: the web server did not start'],
      flaky: ['x.spec.ts:3 › group › flaky'],
    });
  });
});
