/** A deterministic pseudo-random unit vector with about `nonZero` non-zero dimensions. */
export function randomUnit(dims: number, seed: number, nonZero = dims): Float32Array {
  let state = seed * 2654435761;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return ((state >>> 0) % 100000) / 100000;
  };
  const v = new Float32Array(dims);
  for (let i = 0; i < nonZero; i++) v[Math.floor(next() * dims)] += next() - 0.5;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/**
 * A unit vector near centre `cluster` (itself a random unit vector) with noise drawn from `seed`: what a real
 * model's vectors of one topic look like.
 */
export function clusteredUnit(dims: number, cluster: number, seed: number): Float32Array {
  const centre = randomUnit(dims, 1000 + cluster);
  const noise = randomUnit(dims, 50_000 + seed);
  const v = centre.map((x, d) => x + 0.45 * noise[d]);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}
