// The owner's world the attacks aim at, made through the API as a person would make it: files,
// a bucket with objects, an unreleased and an online resource with drafts, a policy, a favourite, and
// the contract the unreleased resource signed on the online resource's policy.
// Private content carries CANARY, so an answer to anyone else that holds it is a leak.
import { randomBytes } from 'node:crypto';
import { sampleImage } from '../../platform/files/samples';
import { dataOf, type TestApp, type TestClient } from '../../testing';

/** Marks private content: no answer to another user may contain it. */
export const CANARY = `canary${randomBytes(6).toString('hex')}`;
export const OWNER_PASSWORD = 'Owner2026pass';
export const FREE_POLICY_TEXT = 'for public\n\ninitial[active]:\n  terminate';

const BOUNDARY = '----tesseraattack';

/** A multipart form with one `file` part. */
export function multipartFile(filename: string, data: Buffer | string, contentType = 'text/markdown') {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `content-type: ${contentType}\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Uploads a file and waits until its analysis is done; answers its sha1. */
export async function uploadAnalysed(
  client: TestClient,
  filename: string,
  data: Buffer | string,
  contentType?: string,
): Promise<string> {
  const { body, headers } = multipartFile(filename, data, contentType);
  const { sha1 } = dataOf(await client.post<{ sha1: string }>('/v2/storages/files/upload', body, { headers }));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [item] = dataOf(
      await client.get<{ isExisting: boolean }[]>('/v2/storages/files/fileIsExist', { query: { sha1 } }),
    );
    if (item?.isExisting) return sha1;
    if (Date.now() > deadline) throw new Error(`file ${sha1} was not analysed within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Created = { resourceId: string; resourceName: string };
export type OnlineResource = Created & { versionId: string; policyId: string };

/** A markdown resource with the free policy. */
export async function createResource(client: TestClient, name: string, title = name): Promise<Created> {
  const policies = [{ policyName: 'free', policyText: encodeURIComponent(FREE_POLICY_TEXT) }];
  return dataOf(
    await client.post<Created>('/v2/resources', {
      name,
      resourceTypeCode: 'markdown',
      resourceTitle: title,
      intro: title,
      policies,
    }),
  );
}

/** A resource with the free policy, its version 1.0.0 of the file `sha1`, released. */
export async function createOnlineResource(client: TestClient, name: string, sha1: string): Promise<OnlineResource> {
  const { resourceId } = await createResource(client, name, `online ${name}`);
  const { versionId } = dataOf(
    await client.post<{ versionId: string }>(`/v2/resources/${resourceId}/versions`, {
      version: '1.0.0',
      fileSha1: sha1,
      filename: 'released.md',
    }),
  );
  const online = dataOf(
    await client.put<Created & { policies: { policyId: string }[] }>(`/v2/resources/${resourceId}`, { status: 1 }),
  );
  const policyId = online.policies[0]?.policyId;
  if (policyId === undefined) throw new Error('the online resource has no policy');
  return { resourceId, resourceName: online.resourceName, versionId, policyId };
}

/** The licensee resource (the caller's) signs the subject's policy: answers the contract. */
export async function signPolicy(client: TestClient, licenseeId: string, subject: OnlineResource): Promise<string> {
  const [contract] = dataOf(
    await client.post<{ contractId: string }[]>('/v2/contracts/batchSign', {
      subjects: [{ subjectId: subject.resourceId, policyId: subject.policyId }],
      subjectType: 1,
      licenseeId,
      licenseeIdentityType: 1,
    }),
  );
  if (contract === undefined) throw new Error('batchSign signed no contract');
  return contract.contractId;
}

export type OwnerWorld = {
  client: TestClient;
  userId: number;
  username: string;
  email: string;
  mobile: string;
  bucketName: string;
  objectId: string;
  objectName: string;
  /** A file only the owner uploaded, used by nothing. */
  privateSha1: string;
  /** A picture only the owner uploaded, used by nothing: imageHandle and generateCoverImage would publish it. */
  imageSha1: string;
  /** The file of the owner's object. */
  objectSha1: string;
  /** The file of the online resource's released version (its sha1 is public). */
  releasedSha1: string;
  /** Never released (a version would make it offline, which others see). */
  unreleased: Created;
  online: OnlineResource;
  /** The unreleased resource signed the online one's policy: the owner is licensor and licensee. */
  contractId: string;
  /** The owner's wallet account and a record on it (a grant whose remark is secret). */
  accountId: string;
  recordId: string;
  /** The owner's living node (public: anyone may read it, only the owner may change it). */
  node: { nodeId: number; nodeName: string; nodeDomain: string };
  /** A node the owner deleted: it must answer exactly as a node that never existed. */
  deletedNodeId: number;
  /** The owner's exhibit of the online resource in the living node: offline, so private to the owner. */
  exhibit: { presentableId: string; presentableName: string; contractId: string };
};

let worlds = 0;

/** Makes the owner and everything they own, through the API. */
export async function arrangeOwner(t: TestApp): Promise<OwnerWorld> {
  worlds += 1;
  const tag = `${process.pid}x${worlds}`;
  const email = `owner${tag}${CANARY}@example.com`;
  const mobile = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
  const { client, user } = await t.login({ username: `owner${tag}`, email, mobile, password: OWNER_PASSWORD });
  const secret = (what: string) => `${what} ${CANARY}`;

  const privateSha1 = await uploadAnalysed(client, 'private.md', `# ${secret('private file')}\n`);
  const picture = await sampleImage('png', { width: 32 + (worlds % 100), height: 24 });
  const imageSha1 = await uploadAnalysed(client, 'private.png', picture, 'image/png');
  const objectSha1 = await uploadAnalysed(client, 'object.md', `# ${secret('object file')}\n`);
  const releasedSha1 = await uploadAnalysed(client, 'released.md', `# released ${tag}\n`);

  const bucketName = `owner-bucket-${tag}`;
  dataOf(await client.post('/v2/storages/buckets', { bucketName }));
  const objectName = 'object.md';
  const { objectId } = dataOf(
    await client.post<{ objectId: string }>(`/v2/storages/buckets/${bucketName}/objects`, {
      objectName,
      sha1: objectSha1,
    }),
  );
  dataOf(
    await client.put(`/v2/storages/objects/${objectId}`, {
      resourceTypeCode: 'markdown',
      customPropertyDescriptors: [{ key: 'secret', type: 'editableText', defaultValue: secret('property') }],
    }),
  );

  const unreleased = await createResource(client, `unreleased-${tag}`, secret('unreleased'));
  const online = await createOnlineResource(client, `online-${tag}`, releasedSha1);
  const contractId = await signPolicy(client, unreleased.resourceId, online);
  for (const { resourceId } of [unreleased, online])
    dataOf(await client.post(`/v2/resources/${resourceId}/versions/drafts`, { draftData: { note: secret('draft') } }));
  dataOf(await client.post('/v2/collections/resources', { resourceId: online.resourceId }));
  const grant = await t.services.walletAdmin.grant(user.userId, 100, secret('grant'));
  type Node = { nodeId: number; nodeName: string; nodeDomain: string };
  const createNode = async (suffix: string): Promise<Node> =>
    dataOf(
      await client.post<Node>('/v2/nodes', { nodeName: `owner${tag}${suffix}`, nodeDomain: `owner-${tag}-${suffix}` }),
    );
  const node = await createNode('n');
  const deleted = await createNode('d');
  dataOf(await client.delete(`/v2/nodes/${deleted.nodeId}`));
  const exhibit = dataOf(
    await client.post<{
      presentableId: string;
      presentableName: string;
      resolveResources: { contracts: { contractId: string }[] }[];
    }>('/v2/presentables', {
      nodeId: node.nodeId,
      resourceId: online.resourceId,
      version: '1.0.0',
      presentableName: `exhibit-${tag}`,
      presentableTitle: secret('exhibit'),
      resolveResources: [{ resourceId: online.resourceId, contracts: [{ policyId: online.policyId }] }],
      policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_POLICY_TEXT) }],
    }),
  );
  dataOf(
    await client.put(`/v2/presentables/${exhibit.presentableId}/rewriteProperty`, {
      rewriteProperty: [{ key: 'secret', value: secret('rewrite'), remark: '' }],
    }),
  );

  return {
    client,
    userId: user.userId,
    username: user.username,
    email,
    mobile,
    bucketName,
    objectId,
    objectName,
    privateSha1,
    imageSha1,
    objectSha1,
    releasedSha1,
    unreleased: { resourceId: unreleased.resourceId, resourceName: unreleased.resourceName },
    online,
    contractId,
    accountId: grant.account.accountId,
    recordId: grant.transfer.record.recordId,
    node: { nodeId: node.nodeId, nodeName: node.nodeName, nodeDomain: node.nodeDomain },
    deletedNodeId: deleted.nodeId,
    exhibit: {
      presentableId: exhibit.presentableId,
      presentableName: exhibit.presentableName,
      contractId: exhibit.resolveResources[0]?.contracts[0]?.contractId ?? '',
    },
  };
}

/** The attacker's own bucket and unreleased resource, where they try to use the owner's files. */
export async function arrangeAttacker(client: TestClient): Promise<{ bucketName: string; resourceId: string }> {
  worlds += 1;
  const bucketName = `attacker-bucket-${process.pid}x${worlds}`;
  dataOf(await client.post('/v2/storages/buckets', { bucketName }));
  const { resourceId } = dataOf(
    await client.post<Created>('/v2/resources', { name: `attack-${worlds}`, resourceTypeCode: 'markdown' }),
  );
  return { bucketName, resourceId };
}

/** Everything the owner can read of their own: equal before and after an attack when nothing was written. */
export async function ownerView(owner: OwnerWorld): Promise<unknown> {
  const read = async (url: string, query?: Record<string, string | number>) =>
    dataOf(await owner.client.get(url, { query }));
  const resourceIds = [owner.unreleased.resourceId, owner.online.resourceId];
  return {
    user: await read('/v2/users/current'),
    resources: await read('/v2/resources', { isSelf: 1, skip: 0, limit: 100, isLoadPolicyInfo: 1 }),
    details: await Promise.all(resourceIds.map((id) => read(`/v2/resources/${id}`, { isLoadPolicyInfo: 1 }))),
    versions: await Promise.all(resourceIds.map((id) => read(`/v2/resources/${id}/versions`))),
    drafts: await Promise.all(resourceIds.map((id) => read(`/v2/resources/${id}/versions/drafts`))),
    buckets: await read('/v2/storages/buckets', { bucketType: 1 }),
    statistics: await read('/v2/storages/buckets/spaceStatistics'),
    objects: await read(`/v2/storages/buckets/${owner.bucketName}/objects`, { skip: 0, limit: 100 }),
    object: await read(`/v2/storages/objects/${owner.objectId}`),
    policies: await read('/v2/policies', { page: 1, pageSize: 100 }),
    favourites: await read('/v2/collections/resources', { skip: 0, limit: 100 }),
    // Others become licensees of the owner whenever they sign a public policy: the owner's licensee side only.
    licensed: await read('/v2/contracts', { identityType: 2, skip: 0, limit: 100, isLoadPolicyInfo: 1 }),
    contract: await read(`/v2/contracts/${owner.contractId}`),
    records: await read(`/v2/contracts/${owner.contractId}/transitionRecords`, { isTranslate: 1 }),
    statement: await read(`/v2/transactions/details/${owner.accountId}`),
    nodes: await read('/v2/nodes', { skip: 0, limit: 100 }),
    exhibits: await read('/v2/presentables', { nodeId: owner.node.nodeId, onlineStatus: 2, isLoadVersionProperty: 1 }),
    exhibit: await read(`/v2/presentables/${owner.exhibit.presentableId}`, { isLoadVersionProperty: 1 }),
  };
}
