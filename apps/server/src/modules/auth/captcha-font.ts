/**
 * A small stroke (vector) font for the image captcha: each glyph is a few polylines on a 4 × 6 grid
 * (x right, y down), drawn later with a pen of any width after scaling, rotating, shearing and warping.
 * Strokes rather than a bitmap because they stay smooth at every scale and angle, and because a home-made
 * outline is not a font any OCR model was trained on. Only the captcha alphabet is defined.
 */
export type Point = readonly [number, number];
export type Stroke = readonly Point[];

/** Captcha characters: no 0/O, 1/I; the code is compared case-insensitively. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const GLYPH_WIDTH = 4;
export const GLYPH_HEIGHT = 6;

/** A glyph from its strokes, each written as its points' coordinates in a row: x0, y0, x1, y1, … */
function glyph(...strokes: readonly number[][]): Stroke[] {
  return strokes.map((xy) =>
    Array.from({ length: xy.length / 2 }, (_, k): Point => [xy[2 * k] ?? 0, xy[2 * k + 1] ?? 0]),
  );
}

export const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  '2': glyph([0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 0, 6, 4, 6]),
  '3': glyph([0, 0, 4, 0, 2, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 1, 6, 0, 5]),
  '4': glyph([3, 6, 3, 0, 0, 4, 4, 4]),
  '5': glyph([4, 0, 0, 0, 0, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 0, 6]),
  '6': glyph([3.5, 0, 1.5, 0, 0, 2, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.6, 3, 2.7, 1, 2.7, 0, 3.6]),
  '7': glyph([0, 0, 4, 0, 1.5, 6]),
  '8': glyph(
    [1, 0, 3, 0, 4, 0.8, 4, 2, 3, 2.8, 1, 2.8, 0, 2, 0, 0.8, 1, 0],
    [1, 2.8, 0, 3.8, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.8, 3, 2.8],
  ),
  '9': glyph([4, 2.4, 3, 3.3, 1, 3.3, 0, 2.4, 0, 1, 1, 0, 3, 0, 4, 1, 4, 4, 2.5, 6, 0.5, 6]),
  A: glyph([0, 6, 2, 0, 4, 6], [0.7, 4, 3.3, 4]),
  B: glyph([0, 3, 3, 3, 4, 4, 4, 5, 3, 6, 0, 6, 0, 0, 2.8, 0, 3.7, 0.8, 3.7, 2.2, 2.8, 3]),
  C: glyph([4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5]),
  D: glyph([0, 0, 0, 6, 2.5, 6, 4, 4.5, 4, 1.5, 2.5, 0, 0, 0]),
  E: glyph([4, 0, 0, 0, 0, 6, 4, 6], [0, 3, 3, 3]),
  F: glyph([4, 0, 0, 0, 0, 6], [0, 3, 3, 3]),
  G: glyph([4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.5, 2.2, 3.5]),
  H: glyph([0, 0, 0, 6], [4, 0, 4, 6], [0, 3, 4, 3]),
  J: glyph([1.5, 0, 4, 0], [3, 0, 3, 5, 2, 6, 1, 6, 0, 5]),
  K: glyph([0, 0, 0, 6], [4, 0, 0, 4], [1.4, 2.8, 4, 6]),
  L: glyph([0, 0, 0, 6, 4, 6]),
  M: glyph([0, 6, 0, 0, 2, 3.5, 4, 0, 4, 6]),
  N: glyph([0, 6, 0, 0, 4, 6, 4, 0]),
  P: glyph([0, 6, 0, 0, 3, 0, 4, 1, 4, 2.2, 3, 3.2, 0, 3.2]),
  Q: glyph([1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0], [2.3, 4.2, 4, 6.2]),
  R: glyph([0, 6, 0, 0, 3, 0, 4, 1, 4, 2.2, 3, 3.2, 0, 3.2], [1.8, 3.2, 4, 6]),
  S: glyph([4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3, 3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5]),
  T: glyph([0, 0, 4, 0], [2, 0, 2, 6]),
  U: glyph([0, 0, 0, 5, 1, 6, 3, 6, 4, 5, 4, 0]),
  V: glyph([0, 0, 2, 6, 4, 0]),
  W: glyph([0, 0, 1, 6, 2, 2.5, 3, 6, 4, 0]),
  X: glyph([0, 0, 4, 6], [4, 0, 0, 6]),
  Y: glyph([0, 0, 2, 3], [4, 0, 2, 3, 2, 6]),
  Z: glyph([0, 0, 4, 0, 0, 6, 4, 6]),
};
