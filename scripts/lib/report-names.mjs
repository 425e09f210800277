// Names of the tests that failed (or only passed on retry), read from the JSON reports, so the
// summary at the very end of a run says which tests they were: CI keeps only the tail of the output.
import { relative } from 'node:path';
import { withoutColours } from './prepare.mjs';

/** The first line of an error message, without colour codes, shortened. */
function firstLine(/** @type {string | undefined} */ message) {
  const line =
    withoutColours(message ?? '')
      .trim()
      .split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/**
 * @param {any} report vitest's JSON report
 * @param {string} root
 * @returns {{ failures: string[], flaky: string[] }}
 */
export function vitestOutcomes(report, root) {
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const flaky = [];
  for (const file of report?.testResults ?? []) {
    const path = relative(root, file.name);
    const tests = file.assertionResults ?? [];
    const failed = tests.filter((/** @type {any} */ test) => test.status === 'failed');
    for (const test of failed) failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load or whose hooks threw has no failed test of its own.
    if (failed.length === 0 && file.status === 'failed') failures.push(`${path}: ${firstLine(file.message)}`);
    // A test keeps the errors of the attempts it retried after.
    for (const test of tests)
      if (test.status === 'passed' && test.failureMessages?.length > 0)
        flaky.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  }
  return { failures, flaky };
}

/**
 * @param {any} report Playwright's JSON report
 * @returns {{ failures: string[], flaky: string[] }}
 */
export function playwrightOutcomes(report) {
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const flaky = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const path = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${name}: ${firstLine(error)}`);
        } else if (test.status === 'flaky') flaky.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  for (const error of report?.errors ?? []) failures.push(`outside any test: ${firstLine(error.message)}`);
  return { failures, flaky };
}
