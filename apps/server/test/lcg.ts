/** A deterministic generator of numbers in [0, 1) for test data (a test must be the same every run). */
export function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}
