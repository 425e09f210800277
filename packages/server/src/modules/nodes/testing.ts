// Test helpers of the nodes module: nodes made through the API as an owner would make them.
import type { NodeWire } from '@tessera/contract/nodes';
import { dataOf, type TestClient } from '../../testing';

export const NODES = '/v2/nodes';

let made = 0;

/** A fresh name and domain nobody holds (`tag` keeps them readable in failures). */
export function freshNodeNames(tag = 'node'): { nodeName: string; nodeDomain: string } {
  made += 1;
  const unique = `${process.pid}x${made}`;
  return { nodeName: `${tag}${unique.replace('x', 'X')}`, nodeDomain: `${tag}-${unique}`.toLowerCase() };
}

/** Creates a node of the client's user through POST /v2/nodes. */
export async function createNode(
  client: TestClient,
  body: Partial<{ nodeName: string; nodeDomain: string; nodeTitle: string }> = {},
): Promise<NodeWire> {
  return dataOf(await client.post<NodeWire>(NODES, { ...freshNodeNames(), ...body }));
}
