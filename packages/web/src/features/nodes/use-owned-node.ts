import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useApiClient } from '../../shared/api';
import { nodeQuery, type Node } from './nodes-api';

export type OwnedNodeState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'notFound' }
  | { status: 'notYours'; node: Node }
  | { status: 'loaded'; node: Node };

/** The page's node id: the `:id` of the path, else `?nodeId=`; NaN when neither is a node id. */
export function useNodeIdParam(): number {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const raw = id ?? searchParams.get('nodeId') ?? '';
  return /^[1-9][0-9]{0,9}$/u.test(raw) ? Number(raw) : Number.NaN;
}

/** The node a console page works on, for its owner only. */
export function useOwnedNode(nodeId: number, userId: number): { state: OwnedNodeState; retry: () => void } {
  const api = useApiClient();
  const valid = Number.isSafeInteger(nodeId) && nodeId <= 2_147_483_647;
  const read = useQuery({ ...nodeQuery(api, nodeId), enabled: valid });
  const retry = () => void read.refetch();
  if (!valid) return { state: { status: 'notFound' }, retry };
  if (read.isError) return { state: { status: 'error', error: read.error }, retry };
  if (read.data === undefined) return { state: { status: 'loading' }, retry };
  if (read.data === null) return { state: { status: 'notFound' }, retry };
  const node = read.data;
  return { state: { status: node.ownerUserId === userId ? 'loaded' : 'notYours', node }, retry };
}
