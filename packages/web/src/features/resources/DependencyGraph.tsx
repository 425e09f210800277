import { useMemo } from 'react';
import { Background, Controls, MarkerType, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { layoutDependencyTree } from './dependency-layout';
import type { DependencyNode } from './resources-api';
import styles from './DependencyGraph.module.css';

/** The dependency tree as a graph (its own chunk: @xyflow/react loads only with it). */
export function DependencyGraph({ tree, label }: { tree: DependencyNode[]; label: string }) {
  const { nodes, edges } = useMemo(() => {
    const layout = layoutDependencyTree(tree);
    const flowNodes: Node[] = layout.nodes.map((node, index) => ({
      id: node.id,
      position: { x: node.x, y: node.y },
      data: { label: node.label },
      className: index === 0 ? styles.root : styles.node,
      sourcePosition: 'right' as Node['sourcePosition'],
      targetPosition: 'left' as Node['targetPosition'],
    }));
    // An arrow from a resource to what it needs, drawn thick enough to read at a glance.
    const flowEdges: Edge[] = layout.edges.map((edge) => ({
      ...edge,
      animated: false,
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
      style: { strokeWidth: 1.5 },
    }));
    return { nodes: flowNodes, edges: flowEdges };
  }, [tree]);
  return (
    <div className={styles.frame} role="img" aria-label={label} data-testid="dependency-graph">
      <ReactFlow nodes={nodes} edges={edges} fitView nodesDraggable={false} nodesConnectable={false} proOptions={{ hideAttribution: true }}>
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
