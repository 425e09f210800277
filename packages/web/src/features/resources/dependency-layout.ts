import type { DependencyTreeNodeWire } from '@tessera/contract/versions';
import type { RelationNode } from './resources-api';

/** How a node hangs from its parent: it is needed (a dependency), or passed on for licensing (an upcast). */
export type GraphLink = 'dependency' | 'upcast';

/** A tree the graph draws: one node per resource, with what hangs from it. */
export interface GraphTreeNode {
  id: string;
  label: string;
  link?: GraphLink;
  children: GraphTreeNode[];
}

export interface GraphNode {
  id: string;
  label: string;
  x: number;
  y: number;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  link: GraphLink;
}

const COLUMN = 280;
const ROW = 84;

/** The dependency tree: each resource at the version its range chose. */
export function dependencyGraphTree(nodes: readonly DependencyTreeNodeWire[]): GraphTreeNode[] {
  return nodes.map((node) => ({
    id: node.resourceId,
    label: node.version ? `${node.resourceName}@${node.version}` : node.resourceName,
    children: dependencyGraphTree(node.dependencies),
  }));
}

/**
 * The relation tree (DOMAIN §3.3): the resource, its direct dependencies with their ranges, and the
 * resources those dependencies upcast (three levels at most).
 */
export function relationGraphTree(nodes: readonly RelationNode[], depth = 0): GraphTreeNode[] {
  return nodes.map((node) => {
    const ranges = depth === 1 ? node.versionRanges.filter(Boolean) : [];
    return {
      id: node.resourceId,
      label: ranges.length > 0 ? `${node.resourceName} ${ranges.join(' ')}` : node.resourceName,
      link: depth === 2 ? 'upcast' : 'dependency',
      children: relationGraphTree(node.children, depth + 1),
    };
  });
}

/**
 * A tree laid out in columns by depth (the resource at the left, what hangs from it to the right).
 * A resource reached twice is one node with two incoming edges.
 */
export function layoutGraphTree(roots: readonly GraphTreeNode[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const rowsByDepth: number[] = [];
  const visit = (node: GraphTreeNode, depth: number, parent: string | null) => {
    const { id } = node;
    if (!nodes.has(id)) {
      const row = rowsByDepth[depth] ?? 0;
      rowsByDepth[depth] = row + 1;
      nodes.set(id, { id, label: node.label, x: depth * COLUMN, y: row * ROW });
      for (const child of node.children) visit(child, depth + 1, id);
    }
    if (parent)
      edges.set(`${parent}->${id}`, {
        id: `${parent}->${id}`,
        source: parent,
        target: id,
        link: node.link ?? 'dependency',
      });
  };
  for (const root of roots) visit(root, 0, null);
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

const GRAPH_MIN_HEIGHT = 150;
const GRAPH_MAX_HEIGHT = 480;
/** Room above and below the rows for the node boxes and the zoom buttons. */
const GRAPH_PADDING = 96;

/**
 * The graph frame's height for a layout: as many rows as its fullest column, between a small floor
 * (room for the zoom buttons) and a ceiling (a larger graph pans and zooms within it).
 */
export function graphHeight(nodes: readonly GraphNode[]): number {
  const rows = nodes.reduce((most, node) => Math.max(most, Math.round(node.y / ROW) + 1), 0);
  return Math.min(GRAPH_MAX_HEIGHT, Math.max(GRAPH_MIN_HEIGHT, (rows - 1) * ROW + GRAPH_PADDING));
}

/** True when some node of the tree hangs from another (a lone root draws nothing worth a graph). */
export const hasLinks = (roots: readonly GraphTreeNode[]): boolean => roots.some((root) => root.children.length > 0);
