// What the exhibit auth calls are measured on (issue 14), made through the running server's API as
// users make it: bob uploads one small image (a demo cover the server also serves as a static file, so
// the two answers carry the same bytes) and makes `count` free image resources of it, released and
// online; alice's node `bench-exhibits` exhibits each of them under a free public policy, its node
// contract signed under bob's free policy, and puts them online. bob then visits the node's site and
// signs on there (the site's sign-on, as a browser does), so the signed-in calls carry a site session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeWire } from '@tessera/contract/nodes';
import type { FileInfoItem, UploadAnswer } from '@tessera/contract/files';
import type { PresentableWire } from '@tessera/contract/exhibits';
import { FREE_POLICY, onlineResource, policyIdOf } from './contract-reads';
import type { Target } from './measure';
import { repoRoot } from './servers';
import { callerOf, getOnHost, siteSignIn, type Caller } from './session';

/** Served by the app under /static/ (packages/server/assets), about 1 KB. */
const COVER = 'demo/covers/sunrise.svg';
const NODE_DOMAIN = 'bench-exhibits';
const ANALYSIS_WAIT_MS = 30_000;

export type ExhibitsData = {
  nodeId: number;
  /** The node site's Host header: `{nodeDomain}.localhost:{port}`. */
  siteHost: string;
  exhibitIds: string[];
  /** The Cookie header of bob's site session on the node's host. */
  siteCookie: string;
  bytes: Buffer;
};

async function uploaded(origin: string, owner: Caller, bytes: Buffer, filename: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/svg+xml' }), filename);
  const response = await fetch(`${origin}/v2/storages/files/upload`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'x-xsrf-token': owner.xsrf },
    body: form,
  });
  const answer = (await response.json()) as { errCode: number; msg: string; data: UploadAnswer };
  if (answer.errCode !== 0) throw new Error(`upload: errCode ${answer.errCode} ${answer.msg}`);
  const deadline = Date.now() + ANALYSIS_WAIT_MS;
  while (Date.now() < deadline) {
    const [info] = await owner.call<FileInfoItem[]>('GET', `/v2/storages/files/list/info?sha1s=${answer.data.sha1}`);
    if (info?.metaAnalyzeStatus === 2) return answer.data.sha1;
    if (info?.metaAnalyzeStatus === 3) throw new Error(`analysis failed: ${info.analyseError ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${filename} not analysed within ${ANALYSIS_WAIT_MS} ms`);
}

export async function seedExhibits(origin: string, count: number): Promise<ExhibitsData> {
  const [alice, bob] = await Promise.all([callerOf(origin, 'alice'), callerOf(origin, 'bob')]);
  const bytes = readFileSync(join(repoRoot, 'packages/server/assets', COVER));
  const filename = COVER.split('/').pop() ?? 'cover.svg';
  const sha1 = await uploaded(origin, bob, bytes, filename);
  const node = await alice.call<NodeWire>('POST', '/v2/nodes', { nodeName: 'BenchExhibits', nodeDomain: NODE_DOMAIN });
  const exhibitIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const resource = await onlineResource(bob, `bench-exhibit-${index}`, sha1, { filename });
    const exhibit = await alice.call<PresentableWire>('POST', '/v2/presentables', {
      nodeId: node.nodeId,
      resourceId: resource.resourceId,
      version: '1.0.0',
      presentableName: `bench-exhibit-${index}`,
      policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_POLICY) }],
      resolveResources: [{ resourceId: resource.resourceId, contracts: [{ policyId: policyIdOf(resource) }] }],
    });
    await alice.call('PUT', `/v2/presentables/${exhibit.presentableId}/onlineStatus`, { onlineStatus: 1 });
    exhibitIds.push(exhibit.presentableId);
  }
  const siteHost = `${NODE_DOMAIN}.localhost:${new URL(origin).port}`;
  const siteCookie = await siteSignIn(origin, siteHost, bob.cookie);
  return { nodeId: node.nodeId, siteHost, exhibitIds, siteCookie, bytes };
}

/**
 * The routes, each checked once first: an unauthorised fileStream answers 200 with an envelope, which
 * autocannon would count as a success. The first signed-in calls also sign bob's consumer contracts
 * (the free policy is signed for him on his first visit), so the measured calls find them held.
 */
export async function exhibitTargets(origin: string, data: ExhibitsData): Promise<Target[]> {
  const { nodeId, siteHost, exhibitIds, siteCookie, bytes } = data;
  const [first] = exhibitIds;
  if (!first) throw new Error('no exhibit made');
  const visitors: { who: string; cookie: string }[] = [
    { who: 'anonymous', cookie: '' },
    { who: 'signed in', cookie: siteCookie },
  ];
  const headersOf = (cookie: string) => ({ host: siteHost, ...(cookie ? { cookie } : {}) });
  const stream = `/v2/auths/exhibits/${nodeId}/${first}/fileStream`;
  const batch = `/v2/auths/exhibits/${nodeId}/batchAuth/results?authType=4&exhibitIds=${exhibitIds.join(',')}`;
  const targets: Target[] = [
    {
      name: "GET /v2/auths/presentables/serviceStates on the node's host (a constant answer: the app's request path alone)",
      url: `${origin}/v2/auths/presentables/serviceStates`,
      headers: headersOf(''),
    },
    { name: `GET /static/${COVER} (a plain static file, ${bytes.length} bytes)`, url: `${origin}/static/${COVER}` },
  ];
  for (const { who, cookie } of visitors) {
    const answer = await getOnHost(origin, siteHost, stream, cookie);
    if (answer.status !== 200 || !answer.body.equals(bytes))
      throw new Error(`fileStream (${who}) did not answer the file: ${answer.status} ${answer.body.toString()}`);
    targets.push({
      name: `GET /v2/auths/exhibits/{nodeId}/{exhibitId}/fileStream on the node's host (${who}, the same bytes)`,
      url: `${origin}${stream}`,
      headers: headersOf(cookie),
    });
  }
  for (const { who, cookie } of visitors) {
    const answer = JSON.parse((await getOnHost(origin, siteHost, batch, cookie)).body.toString()) as {
      errCode: number;
      data: { isAuth: boolean }[];
    };
    const authorised = answer.data.filter((item) => item.isAuth).length;
    if (answer.errCode !== 0 || authorised !== exhibitIds.length)
      throw new Error(
        `batch auth (${who}): errCode ${answer.errCode}, ${authorised} of ${exhibitIds.length} authorised`,
      );
    targets.push({
      name: `GET /v2/auths/exhibits/{nodeId}/batchAuth/results?authType=4, ${exhibitIds.length} exhibits (${who})`,
      url: `${origin}${batch}`,
      headers: headersOf(cookie),
    });
  }
  return targets;
}
