import { describe, expect, it } from 'vitest';
import { rainSignal } from './demo-sounds';

const render = (signal: (index: number, rate: number) => number, count: number) =>
  Array.from({ length: count }, (_, index) => signal(index, 16000));

describe('the demo rain', () => {
  it('is the same every time, and differs with another seed', () => {
    expect(render(rainSignal(), 2000)).toEqual(render(rainSignal(), 2000));
    expect(render(rainSignal(7), 2000)).not.toEqual(render(rainSignal(), 2000));
  });

  it('is audible without clipping', () => {
    const samples = render(rainSignal(), 16000);
    const rms = Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
    expect(rms).toBeGreaterThan(0.05);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThan(1);
  });
});
