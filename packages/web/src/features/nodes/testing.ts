// Helpers of the node console tests (tests only): node and exhibit wires typed by the contract, and the
// test server with alice signed in and her node answered.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { PresentableWire } from '@tessera/contract/exhibits';
import type { NodeWire } from '@tessera/contract/nodes';
import { envelope, startTestServer, type RecordedRequest, type TestServer } from '../../testing/test-server';
import { ALICE, signInAlice } from '../resources/testing';

export const NODE_ID = 80000001;
const DAY = '2026-03-01T08:30:00.000Z';
let nextId = 1;

export function nodeWire(overrides: Partial<NodeWire> = {}): NodeWire {
  const nodeDomain = overrides.nodeDomain ?? 'alice-art';
  return {
    nodeId: NODE_ID,
    nodeName: '晨雾画廊',
    nodeDomain,
    nodeTitle: '',
    nodeShortDescription: '',
    nodeLogo: '',
    nodeThemeId: '',
    nodeTestThemeId: '',
    ownerUserId: ALICE,
    ownerUserName: 'alice',
    visibility: 1,
    nodeSuspendInfo: '',
    status: 2,
    tags: [],
    nodeUrl: `http://${nodeDomain}.localhost:8080`,
    nodeTestUrl: `http://${nodeDomain}.t.localhost:8080`,
    createDate: DAY,
    updateDate: DAY,
    ...overrides,
  };
}

export function exhibitWire(overrides: Partial<PresentableWire> = {}): PresentableWire {
  const id = `6650a1c2e4b0f3d9${(nextId++).toString(16).padStart(8, '0')}`;
  const name = overrides.presentableName ?? `展品${nextId}`;
  return {
    presentableId: id,
    presentableName: name,
    presentableTitle: name,
    intro: '',
    nodeId: NODE_ID,
    userId: ALICE,
    resourceInfo: { resourceId: id, resourceName: `bob/${name}`, resourceType: ['image'], resourceOwnerId: 10002 },
    version: '1.0.0',
    policies: [],
    resolveResources: [],
    tags: [],
    coverImages: [],
    onlineStatus: 0,
    authStatus: 0,
    ignoredUpdateVersion: '',
    status: 0,
    createDate: DAY,
    updateDate: DAY,
    ...overrides,
  };
}

export const pageOfAll = <T>(dataList: T[]) =>
  envelope({ skip: 0, limit: Math.max(dataList.length, 20), totalItem: dataList.length, dataList });

/** alice signed in, with her nodes. */
export async function startNodeServer(nodes: NodeWire[] = [nodeWire()]): Promise<TestServer> {
  const server = await startTestServer();
  signInAlice(server);
  server.route('/v2/nodes', { body: pageOfAll(nodes) });
  for (const node of nodes) server.route(`/v2/nodes/${node.nodeId}`, { body: envelope(node) });
  return server;
}

export function requestsTo(server: TestServer, method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

export const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(request?.body ?? 'null');

/** Translation keys of this area that show instead of their text. */
export const rawNodeKeys = (text: string | null): string[] => (text ?? '').match(/\bnodesPage\.[A-Za-z.]+/g) ?? [];

/** What the field's describedby elements say (antd links its message and hint to the input). */
export function fieldDescription(label: string): string {
  const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return describedBy
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Waits until the field's message says `text`. */
export const expectFieldMessage = (label: string, text: string) =>
  waitFor(() => expect(fieldDescription(label)).toContain(text));

/** How long a test waits for what a page shows. */
export const PAGE_WAIT_MS = 20_000;
