// The app's own modules that the entry imports statically are on every page, so they go into one
// chunk ("shell") instead of the dozen small ones the automatic split made of them (lazy pages share
// them, and each set of sharers got a chunk of its own). Every page then asks for a dozen fewer files,
// which on a slow core costs more than their bytes (issue 15, LCP). Libraries keep the automatic
// split, and so does what lies behind a barrel (a module that only re-exports): a barrel names every
// module of its package, and the entry uses few of them.
import type { Plugin } from 'vite';

export type ShellModules = { plugin: Plugin; has: (id: string) => boolean };

const RE_EXPORT = /export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"][^'"]+['"];?/g;
const COMMENT = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/** Whether a module's code is nothing but re-exports. */
export function isBarrel(code: string): boolean {
  return code.replace(COMMENT, '').replace(RE_EXPORT, '').trim() === '';
}

const isLibrary = (id: string) => id.includes('node_modules');

export function shellModules(): ShellModules {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'tessera-shell-modules',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const entries = new Set([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const pending = [...entries].flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (shell.has(id) || entries.has(id) || isLibrary(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info || isBarrel(info.code ?? '')) continue;
        shell.add(id);
        pending.push(...info.importedIds);
      }
    },
  };
  return { plugin, has: (id) => shell.has(id) };
}
