import type { CompiledTransition, PolicyFsm } from '@tessera/domain';

// Where the states of a policy and the events between them are drawn: states in columns by their
// distance from the initial state (text order inside a column), an event forward as a curve to the
// right, a loop above its state, an event within a column as a bow on its right, an event back to an
// earlier column as a curve below the columns it spans.

export const NODE_HEIGHT = 40;
const COLUMN_GAP = 128;
const ROW_GAP = 44;
/** Room above the states for loops and their labels (when there are loops), left of them for the start marker. */
const LOOP_ROOM = 64;
const LEFT = 48;
const MARGIN = 24;
const LOOP_HEIGHT = 40;
const BACK_DEPTH = 36;
const BACK_DEPTH_STEP = 18;
const SIDE_BOW = 48;
const SIDE_BOW_STEP = 16;
/** A rough width of a label's character at 11px, to keep the labels of side bows inside the picture. */
const LABEL_CHAR = 7;

export type GraphState = {
  name: string;
  x: number;
  y: number;
  width: number;
  isInitial: boolean;
  isTerminate: boolean;
  /** The state grants an authorization (formal or test). */
  authorizes: boolean;
};

export type GraphEdge = {
  id: string;
  from: string;
  to: string;
  kind: 'forward' | 'loop' | 'side' | 'back';
  /** The events from `from` to `to`, in text order. */
  labels: string[];
  path: string;
  labelX: number;
  labelY: number;
  /** Side bows put their labels to the right of the bow; the others centre them. */
  labelAnchor: 'middle' | 'start';
};

export type StateGraphLayout = { states: GraphState[]; edges: GraphEdge[]; width: number; height: number };

/** Wide enough for the name: CJK characters count about twice a Latin one. */
function nodeWidth(name: string): number {
  const units = [...name].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) > 0x2e80 ? 14 : 8), 0);
  return Math.min(Math.max(units + 32, 88), 220);
}

/** Distance of each state from the initial one; states no event reaches go in one column after the rest. */
function layersOf(fsm: PolicyFsm): Map<string, number> {
  const names = Object.keys(fsm);
  const initial = names.find((name) => fsm[name]?.isInitial) ?? names[0];
  const layers = new Map<string, number>();
  if (initial === undefined) return layers;
  layers.set(initial, 0);
  const queue = [initial];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const layer = layers.get(name) ?? 0;
    for (const { toState } of fsm[name]?.transitions ?? []) {
      if (layers.has(toState) || !(toState in fsm)) continue;
      layers.set(toState, layer + 1);
      queue.push(toState);
    }
  }
  const unreached = Math.max(...layers.values()) + 1;
  for (const name of names) if (!layers.has(name)) layers.set(name, unreached);
  return layers;
}

export function layoutStateGraph(
  fsm: PolicyFsm,
  labelOf: (transition: CompiledTransition) => string,
): StateGraphLayout {
  const layers = layersOf(fsm);
  const columns: string[][] = [];
  for (const name of Object.keys(fsm)) (columns[layers.get(name) ?? 0] ??= []).push(name);
  const tallest = Math.max(0, ...columns.map((column) => column.length));
  const rowPitch = NODE_HEIGHT + ROW_GAP;
  const hasLoop = Object.entries(fsm).some(([name, state]) =>
    state.transitions.some(({ toState }) => toState === name),
  );
  const top = hasLoop ? LOOP_ROOM : MARGIN;

  const states = new Map<string, GraphState>();
  let x = LEFT;
  for (const column of columns) {
    if (!column) continue;
    const width = Math.max(...column.map(nodeWidth));
    // Shorter columns are centred against the tallest.
    const offset = ((tallest - column.length) * rowPitch) / 2;
    column.forEach((name, row) => {
      const state = fsm[name];
      states.set(name, {
        name,
        x: x + (width - nodeWidth(name)) / 2,
        y: top + offset + row * rowPitch,
        width: nodeWidth(name),
        isInitial: state?.isInitial ?? false,
        isTerminate: state?.isTerminate ?? false,
        authorizes: (state?.serviceStates.length ?? 0) > 0,
      });
    });
    x += width + COLUMN_GAP;
  }

  const grouped = new Map<string, { from: string; to: string; labels: string[] }>();
  for (const [from, state] of Object.entries(fsm)) {
    for (const transition of state.transitions) {
      if (!states.has(transition.toState)) continue;
      const id = `${from}->${transition.toState}`;
      const edge = grouped.get(id) ?? { from, to: transition.toState, labels: [] };
      edge.labels.push(labelOf(transition));
      grouped.set(id, edge);
    }
  }

  let backCount = 0;
  let sideCount = 0;
  let lowest = 0;
  let rightmost = 0;
  const edges: GraphEdge[] = [...grouped.entries()].map(([id, { from, to, labels }]) => {
    const source = states.get(from) as GraphState;
    const target = states.get(to) as GraphState;
    if (from === to) {
      const [left, right] = [source.x + source.width * 0.3, source.x + source.width * 0.7];
      const top = source.y - LOOP_HEIGHT;
      return {
        id,
        from,
        to,
        labels,
        kind: 'loop',
        path: `M ${left} ${source.y} C ${left - 12} ${top}, ${right + 12} ${top}, ${right} ${source.y}`,
        labelX: source.x + source.width / 2,
        labelY: top + 4,
        labelAnchor: 'middle',
      };
    }
    if ((layers.get(to) ?? 0) > (layers.get(from) ?? 0)) {
      const [sx, sy] = [source.x + source.width, source.y + NODE_HEIGHT / 2];
      const [ex, ey] = [target.x, target.y + NODE_HEIGHT / 2];
      const bend = (ex - sx) / 2;
      return {
        id,
        from,
        to,
        labels,
        kind: 'forward',
        path: `M ${sx} ${sy} C ${sx + bend} ${sy}, ${ex - bend} ${ey}, ${ex} ${ey}`,
        labelX: (sx + ex) / 2,
        labelY: (sy + ey) / 2 - 8,
        labelAnchor: 'middle',
      };
    }
    if (layers.get(to) === layers.get(from)) {
      const [sx, sy] = [source.x + source.width, source.y + NODE_HEIGHT / 2];
      const [ex, ey] = [target.x + target.width, target.y + NODE_HEIGHT / 2];
      const bow = Math.max(sx, ex) + SIDE_BOW + SIDE_BOW_STEP * sideCount++;
      const labelX = bow - SIDE_BOW / 4 + 4;
      rightmost = Math.max(rightmost, labelX + Math.max(...labels.map((label) => label.length)) * LABEL_CHAR);
      return {
        id,
        from,
        to,
        labels,
        kind: 'side',
        path: `M ${sx} ${sy} C ${bow} ${sy}, ${bow} ${ey}, ${ex} ${ey}`,
        labelX,
        labelY: (sy + ey) / 2,
        labelAnchor: 'start',
      };
    }
    // Back to an earlier column: below every state of the columns it spans, each such edge a little
    // deeper than the last.
    const depth = BACK_DEPTH + BACK_DEPTH_STEP * backCount++;
    const [sx, sy] = [source.x + source.width / 2, source.y + NODE_HEIGHT];
    const [ex, ey] = [target.x + target.width / 2, target.y + NODE_HEIGHT];
    const spanned = [...states.values()].filter((state) => state.x + state.width >= ex && state.x <= sx);
    const bottom = Math.max(...spanned.map((state) => state.y + NODE_HEIGHT)) + depth;
    lowest = Math.max(lowest, bottom);
    return {
      id,
      from,
      to,
      labels,
      kind: 'back',
      path: `M ${sx} ${sy} C ${sx} ${bottom}, ${ex} ${bottom}, ${ex} ${ey}`,
      labelX: (sx + ex) / 2,
      labelY: bottom - 2,
      labelAnchor: 'middle',
    };
  });

  const placed = [...states.values()];
  const width = Math.max(LEFT, rightmost, ...placed.map((state) => state.x + state.width)) + MARGIN;
  const height = Math.max(top, ...placed.map((state) => state.y + NODE_HEIGHT), lowest + 12) + MARGIN;
  return { states: placed, edges, width, height };
}
