import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './use-after-first-paint';

function Probe({ renders }: { renders: boolean[] }) {
  const ready = useAfterFirstPaint();
  renders.push(ready);
  return <p>{ready ? 'ready' : 'stand-in'}</p>;
}

describe('useAfterFirstPaint', () => {
  it('is false for the first render and true in the render React starts after it', async () => {
    const renders: boolean[] = [];
    render(<Probe renders={renders} />);
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
  });
});
