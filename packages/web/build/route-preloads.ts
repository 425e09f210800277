// Writes dist/.vite/route-preloads.json: for each route below, the page chunks (and their styles)
// the route loads beyond the entry. The server names them in the index.html it answers for that
// address (<link rel=modulepreload>, <link rel=stylesheet>), so the browser fetches the page's code
// alongside the entry's instead of after the entry has run and the router asked for it.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where the list is written, below the build's folder (not served: the server serves no dot folder). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * The pages whose first load is measured (issue 15, LCP), as router paths (`:name` one
 * segment), each with the modules app/routes.tsx loads lazily for it. A module that is no longer a
 * lazily loaded chunk fails the build, so this list cannot silently fall behind routes.tsx.
 */
export const PRELOADED_ROUTES: { path: string; modules: string[] }[] = [
  { path: '/', modules: ['src/features/home/HomePage.tsx'] },
  { path: '/home', modules: ['src/features/home/HomePage.tsx'] },
  { path: '/market', modules: ['src/features/market/MarketPage.tsx'] },
  { path: '/search', modules: ['src/features/search/SearchPage.tsx'] },
  { path: '/resource/details/:id', modules: ['src/features/resources/ResourceDetailsPage.tsx'] },
  { path: '/activities', modules: ['src/features/activities/ActivitiesPage.tsx'] },
  { path: '/activity/:id', modules: ['src/features/activities/ActivityDetailPage.tsx'] },
  // Signed-in, and two lazy levels deep (the logged-in area's guard, then the page): named together,
  // the browser fetches both with the entry instead of one after the other, and the page's first reads.
  {
    path: '/storage',
    modules: [
      'src/features/account/LoggedArea.tsx',
      'src/features/storage/StoragePage.tsx',
      'src/features/storage/first-screen.ts',
    ],
  },
];

/** What the server reads: per route path, the files (below the site's root) to name in its page. */
export type RoutePreloads = { path: string; scripts: string[]; styles: string[] }[];

type ChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type OutputLike = ChunkLike | { type: 'asset'; fileName: string };

/** The chunk files a chunk statically imports, itself included, in load order (dependencies first). */
function closureOf(start: ChunkLike, chunks: Map<string, ChunkLike>): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    order.push(fileName);
  };
  visit(start.fileName);
  return order;
}

/** The preload lists of PRELOADED_ROUTES from a finished bundle; throws when a module is not a lazy chunk. */
export function routePreloads(bundle: Record<string, OutputLike>, root: string, base = '/'): RoutePreloads {
  const chunks = new Map<string, ChunkLike>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route preloads: the build has no entry chunk');
  const inEntry = new Set(closureOf(entry, chunks));
  const cssOf = (files: Iterable<string>) =>
    new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
  const entryCss = cssOf(inEntry);

  return PRELOADED_ROUTES.map(({ path, modules }) => {
    const scripts: string[] = [];
    for (const module of modules) {
      const id = resolve(root, module);
      // Its own chunk, or (imported statically elsewhere too) the shared chunk that holds it.
      const chunk =
        [...chunks.values()].find((candidate) => candidate.facadeModuleId === id) ??
        [...chunks.values()].find((candidate) => !candidate.isEntry && candidate.moduleIds.includes(id));
      if (!chunk) throw new Error(`route preloads: ${module} (for ${path}) is not a chunk of the build`);
      for (const file of closureOf(chunk, chunks))
        if (!inEntry.has(file) && !scripts.includes(file)) scripts.push(file);
    }
    const styles = [...cssOf(scripts)].filter((file) => !entryCss.has(file));
    return { path, scripts: scripts.map((file) => base + file), styles: styles.map((file) => base + file) };
  });
}

export function routePreloadsPlugin(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'tessera-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const preloads = routePreloads(bundle as unknown as Record<string, OutputLike>, root, base);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
