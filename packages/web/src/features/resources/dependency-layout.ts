import type { DependencyNode } from './resources-api';

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
}

const COLUMN = 280;
const ROW = 84;

/**
 * The dependency tree laid out in columns by depth (the resource at the left, what it needs to the
 * right). A resource reached twice is one node with two incoming edges.
 */
export function layoutDependencyTree(roots: readonly DependencyNode[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const rowsByDepth: number[] = [];
  const visit = (node: DependencyNode, depth: number, parent: string | null) => {
    const id = node.resourceId;
    if (!nodes.has(id)) {
      const row = rowsByDepth[depth] ?? 0;
      rowsByDepth[depth] = row + 1;
      nodes.set(id, { id, label: node.version ? `${node.resourceName}@${node.version}` : node.resourceName, x: depth * COLUMN, y: row * ROW });
      for (const child of node.dependencies ?? []) visit(child, depth + 1, id);
    }
    if (parent) edges.set(`${parent}->${id}`, { id: `${parent}->${id}`, source: parent, target: id });
  };
  for (const root of roots) visit(root, 0, null);
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}
