import { screen } from '@testing-library/react';
import { buttonName } from '../policy/policy-test-kit';
import { envelope, type TestServer } from '../../test-support/test-server';
import { signInAlice, startResourceServer } from '../resources/resources-test-kit';

// Helpers of the publishing page tests (tests only).

export const FILE_SHA1 = 'f'.repeat(40);
export const RESOURCE_ID = '6650a1c2e4b0f3d900000abc';

/** The resource server with alice signed in and the publishing calls answered. */
export async function startCreatorServer(): Promise<TestServer> {
  const server = await startResourceServer();
  signInAlice(server);
  server.route('/v2/resources/tags/availableTags', { body: envelope([{ tagName: '风景', tagType: 1 }]) });
  server.route('/v2/storages/files/fileIsExist', (request) => ({ body: envelope([{ sha1: request.query.get('sha1'), isExisting: false }]) }));
  server.route('/v2/storages/files/upload', { body: envelope({ sha1: FILE_SHA1, fileSize: 5 }) });
  server.route('/v2/storages/files/list/info', { body: envelope([{ sha1: FILE_SHA1, metaAnalyzeStatus: 2 }]) });
  server.route('/v2/resources/versions/isCanBeCreate', { body: envelope(true) });
  server.route('/v2/storages/buckets', { body: envelope([{ bucketName: 'photos', bucketType: 1, totalFileQuantity: 1, totalFileSize: 5, createDate: '' }]) });
  server.route('/v2/storages/buckets/photos/objects', {
    body: envelope({ skip: 0, limit: 100, totalItem: 1, dataList: [{ objectId: 'o1', objectName: 'fog.png', bucketName: 'photos', sha1: FILE_SHA1 }] }),
  });
  return server;
}

/** Request paths in the order sent, without the page's reading calls. */
export const writesTo = (server: TestServer): string[] =>
  server.requests.filter((request) => request.method !== 'GET' || request.path.includes('/storages/files/') || request.path.includes('isCanBeCreate')).map((request) => `${request.method} ${request.path}`);

/** antd spaces out two-character Chinese labels, hence the pattern. */
export const buttonNamed = (text: string) => screen.getByText(buttonName(text), { selector: 'button, button *' }).closest('button') as HTMLElement;
