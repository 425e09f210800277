import type { Page, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';

export type AssetWeight = { url: string; type: 'script' | 'stylesheet'; raw: number; gzip: number };

/**
 * Loads `path` and weighs every script and stylesheet the page fetched, gzip-compressed, once `ready` (the
 * page's content shown) holds and the network has gone quiet after it: network quiet alone can come
 * between two chained lazy chunks on a loaded machine.
 */
export async function weighPage(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ assets: AssetWeight[]; jsGzip: number; cssGzip: number }> {
  const pending: Promise<AssetWeight | null>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const assets = (await Promise.all(pending)).filter((asset): asset is AssetWeight => asset !== null);
  const sum = (type: AssetWeight['type']) =>
    assets.filter((a) => a.type === type).reduce((total, a) => total + a.gzip, 0);
  return { assets, jsGzip: sum('script'), cssGzip: sum('stylesheet') };
}
