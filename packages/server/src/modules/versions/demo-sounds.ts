// The demo's rain: soft filtered noise with drops falling into it, the same every time (a seeded
// generator), so that the audio resource sounds like what its title and cover say.

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sample signal for sampleWav, called with the sample indexes in order. */
export function rainSignal(seed = 2026): (index: number, sampleRate: number) => number {
  const random = seeded(seed);
  let hush = 0;
  let drop = 0;
  let dropLevel = 0;
  return (_index, sampleRate) => {
    const noise = random() * 2 - 1;
    // The steady hush: noise through a one-pole low-pass filter.
    hush += (noise - hush) * 0.18;
    // About forty drops a second, each a short burst that dies away within a few milliseconds.
    if (random() < 40 / sampleRate) dropLevel = 0.15 + random() * 0.35;
    drop = dropLevel * noise;
    dropLevel *= 0.992;
    return hush * 0.45 + drop;
  };
}
