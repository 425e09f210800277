import { describe, expect, it } from 'vitest';
import { graphHeight, layoutGraphTree, type GraphTreeNode } from './dependency-layout';

const node = (id: string, children: GraphTreeNode[] = []): GraphTreeNode => ({ id, label: id, children });

describe('the dependency graph’s height', () => {
  it('fits its rows: small for one dependency, growing with the fullest column, capped for large trees', () => {
    const one = layoutGraphTree([node('a', [node('b')])]);
    expect(graphHeight(one.nodes)).toBe(150);
    const three = layoutGraphTree([node('a', [node('b'), node('c', [node('e')]), node('d')])]);
    // Three rows in the second column.
    expect(graphHeight(three.nodes)).toBe(2 * 84 + 96);
    const many = layoutGraphTree([
      node(
        'a',
        Array.from({ length: 20 }, (_, index) => node(`n${index}`)),
      ),
    ]);
    expect(graphHeight(many.nodes)).toBe(480);
  });
});
