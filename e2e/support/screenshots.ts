import { join } from 'node:path';

/** Where a run keeps its screenshots (not committed): e2e/screenshots/<name>.png. */
export const screenshotPath = (name: string) => join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

type ScreenshotOptions = { fullPage?: boolean; animations?: 'disabled' };

/**
 * A screenshot for people to look at, taken only when `E2E_SCREENSHOTS` is set: a full-page screenshot
 * costs seconds on a busy two-core machine, so no ordinary run (CI included) waits for one.
 */
export async function keepScreenshot(
  target: { screenshot(options: ScreenshotOptions & { path: string }): Promise<unknown> },
  name: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await target.screenshot({ path: screenshotPath(name), ...options });
}
