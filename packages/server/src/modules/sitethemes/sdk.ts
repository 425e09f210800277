// The theme SDK (theme-sdk.js, documented in THEMES.md) as a node's host serves it: the script with the
// host's node filled in, so `Tessera.fileUrl` can build addresses without asking first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where theme apps load the SDK from (on the node's own host). */
export const SDK_PATH = '/_site/sdk.js';

// Read as text (never imported: it is a browser script); a path, so bundlers leave it alone.
const SOURCE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'theme-sdk.js'), 'utf8');
const PLACEHOLDER = '})(TESSERA_SITE);';
if (!SOURCE.includes(PLACEHOLDER)) throw new Error('theme-sdk.js must end with its site placeholder');

/** The SDK for one node's site. */
export function sdkScriptFor(site: { nodeId: number }): string {
  return SOURCE.replace(PLACEHOLDER, `})(${JSON.stringify({ nodeId: site.nodeId })});`);
}
