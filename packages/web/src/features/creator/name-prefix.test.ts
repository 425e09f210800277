import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// jsdom lays nothing out, so the rule itself is checked: the "alice/" prefix before a resource name
// input (the single creator and every batch row) stays on one line and is never squeezed by the input.
describe('the username prefix', () => {
  it('does not wrap or shrink', () => {
    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'creator.module.css'), 'utf8');
    const rule = /\.namePrefix\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/white-space:\s*nowrap/);
    expect(rule).toMatch(/flex:\s*none/);
  });
});
