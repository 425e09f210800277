// The Node.js requirement that package.json and the README state is one every installed package accepts:
// a newcomer on the oldest Node it names gets no "Unsupported engine" warning from npm (cookie@2 asked for
// Node 22 and is kept at cookie@1 by an override; docs/architecture.md lists the majors pinned for Node 20).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

const required = readJson<{ engines: { node: string } }>('package.json').engines.node;
const oldest = semver.minVersion(required)?.version ?? '';

describe('the Node.js requirement', () => {
  it('is accepted by every package in the lock file', () => {
    expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
    const refusing = Object.entries(readJson<Lock>('package-lock.json').packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(oldest, range) ? [`${path}@${entry.version ?? '?'} needs node ${range}`] : [];
      });
    expect(refusing, `Node ${oldest} (package.json engines "${required}")`).toEqual([]);
  });

  it('is the one the README states', () => {
    const [major, minor] = oldest.split('.');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`You need Node.js ${major}.${minor} or newer`);
  });
});
