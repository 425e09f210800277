import { join } from 'node:path';

/** Where the run keeps its screenshots (not committed): e2e/screenshots/<name>.png. */
export const screenshotPath = (name: string) => join(import.meta.dirname, '..', 'screenshots', `${name}.png`);
