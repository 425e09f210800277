import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { weighPage } from '../support/page-weight';

// A size budget, not a timing: what a first visit to /home downloads, gzip-compressed.
const JS_BUDGET_BYTES = 200 * 1024;

test('home loads at most 200 KB of gzip-compressed JavaScript', async ({ page }) => {
  const weight = await weighPage(page, '/home');
  const reportDir = join(import.meta.dirname, '..', '..', '.reports');
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, 'home-weight.json'), JSON.stringify(weight, null, 2));
  console.log(
    `/home: JS ${(weight.jsGzip / 1024).toFixed(1)} KB gzip, CSS ${(weight.cssGzip / 1024).toFixed(1)} KB gzip`,
  );
  expect(weight.assets.some((asset) => asset.type === 'script')).toBe(true);
  expect(weight.jsGzip).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});
