import { useMemo } from 'react';
import { Background, Controls, MarkerType, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { graphHeight, layoutGraphTree, type GraphTreeNode } from './dependency-layout';
import styles from './DependencyGraph.module.css';

/** A small tree is not blown up to fill the frame. */
const FIT_VIEW = { maxZoom: 1 };

/**
 * A dependency or relation tree as a graph (its own chunk: @xyflow/react loads only with it). An
 * upcast hangs from its dependency by a dashed line.
 */
export function DependencyGraph({
  tree,
  label,
  testId = 'dependency-graph',
}: {
  tree: GraphTreeNode[];
  label: string;
  testId?: string;
}) {
  const { nodes, edges, height } = useMemo(() => {
    const layout = layoutGraphTree(tree);
    const flowNodes: Node[] = layout.nodes.map((node, index) => ({
      id: node.id,
      position: { x: node.x, y: node.y },
      data: { label: node.label },
      className: index === 0 ? styles.root : styles.node,
      sourcePosition: 'right' as Node['sourcePosition'],
      targetPosition: 'left' as Node['targetPosition'],
    }));
    // An arrow from a resource to what it needs, drawn thick enough to read at a glance.
    const flowEdges: Edge[] = layout.edges.map(({ link, ...edge }) => ({
      ...edge,
      animated: false,
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
      style: link === 'upcast' ? { strokeWidth: 1.5, strokeDasharray: '6 4' } : { strokeWidth: 1.5 },
    }));
    return { nodes: flowNodes, edges: flowEdges, height: graphHeight(layout.nodes) };
  }, [tree]);
  return (
    // A named group, not an image: it holds the graph's zoom buttons and focusable nodes.
    <div className={styles.frame} style={{ height }} role="group" aria-label={label} data-testid={testId}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        fitViewOptions={FIT_VIEW}
        nodesDraggable={false}
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
