// The /v2 calls a node origin may make: its own node's exhibits and auths, nothing else.
import { describe, expect, it } from 'vitest';
import { isNodeSiteApiCall } from './api-surface';

const FORMAL = { nodeId: 80000001, test: false };
const TEST = { nodeId: 80000001, test: true };
const call = (url: string, method = 'GET', routeUrl?: string) => ({ method, url, routeUrl });
const EXHIBIT = '0123456789abcdef01234567';

describe('the node-site API surface', () => {
  it.each([
    '/v2/exhibits/80000001',
    '/v2/exhibits/80000001?skip=0&limit=20',
    '/v2/exhibits/80000001/list?exhibitIds=a',
    `/v2/exhibits/80000001/${EXHIBIT}`,
    `/v2/exhibits/80000001/${EXHIBIT}/articles/list`,
    `/v2/auths/exhibits/80000001/${EXHIBIT}/result`,
    `/v2/auths/exhibits/80000001/${EXHIBIT}/fileStream?subFilePath=index.html`,
    '/v2/auths/exhibits/80000001/batchAuth/results?authType=4&exhibitIds=a',
    '/v2/auths/exhibits/80000001/articles/some%2Fname/info',
    '/v2/auths/presentables/nodes/80000001/x/fileStream',
    '/v2/auths/presentables/serviceStates',
    '/v2/auths/resources/serviceStates',
  ])('lets the formal site GET %s', (url) => {
    expect(isNodeSiteApiCall(call(url.replace('some%2Fname', 'somename')), FORMAL)).toBe(true);
    expect(isNodeSiteApiCall(call(url.replace('some%2Fname', 'somename'), 'HEAD'), FORMAL)).toBe(true);
  });

  it.each([
    '/v2/exhibits/80000001/test',
    '/v2/exhibits/test/80000001/list',
    `/v2/auths/exhibits/80000001/test/${EXHIBIT}/result`,
    `/v2/auths/exhibits/test/80000001/${EXHIBIT}/info`,
    '/v2/auths/testResources/nodes/80000001/x/fileStream',
    '/v2/auths/resources/serviceStates',
  ])('lets the test-node site GET %s, and not the formal site unless shared', (url) => {
    expect(isNodeSiteApiCall(call(url), TEST)).toBe(true);
    if (!url.endsWith('serviceStates')) expect(isNodeSiteApiCall(call(url), FORMAL)).toBe(false);
  });

  it.each([
    '/v2/exhibits/80000002',
    `/v2/auths/exhibits/80000002/${EXHIBIT}/result`,
    '/v2/auths/presentables/nodes/80000002/x/info',
    `/v2/auths/presentables/${EXHIBIT}/result`,
    '/v2/users/current',
    '/v2/accounts/individualAccounts/1',
    `/v2/contracts/${EXHIBIT}/pay`,
    '/v2/nodes/80000001',
    '/v2/storages/buckets/.UserNodeData/objects/80000001/customPick',
    '/v2/passport/logout',
    '/v2/exhibits/80000001/../../users/current',
    '/v2/exhibits/80000001%2F..%2F..%2Fusers%2Fcurrent',
    '/v2/exhibits/80000001/x\\y',
    '/v2/exhibits',
    '/v2/exhibits/080000001x',
  ])('refuses %s', (url) => {
    expect(isNodeSiteApiCall(call(url), FORMAL)).toBe(false);
    expect(isNodeSiteApiCall(call(url), TEST)).toBe(false);
  });

  it('refuses every method but GET and HEAD', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(isNodeSiteApiCall(call('/v2/exhibits/80000001', method), FORMAL)).toBe(false);
  });

  it('refuses a path the router read as another route than the list names', () => {
    expect(isNodeSiteApiCall(call('/v2/exhibits/80000001', 'GET', '/v2/exhibits/:nodeId'), FORMAL)).toBe(true);
    expect(isNodeSiteApiCall(call('/v2/exhibits/80000001', 'GET', '/v2/users/current'), FORMAL)).toBe(false);
  });
});
