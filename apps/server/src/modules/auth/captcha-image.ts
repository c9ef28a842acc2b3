import { encode } from 'jpeg-js';
import { GLYPHS, GLYPH_HEIGHT, GLYPH_WIDTH, type Point, type Stroke } from './captcha-font.js';

/**
 * Draws an image captcha as a JPEG: the code's characters from the stroke font in captcha-font.ts, each
 * with its own size, rotation, shear and colour, the whole line bent by a wave, over a light gradient
 * with noise curves (behind and across the text) and dots. Pure: the randomness comes in as `random`
 * (Math.random by default — it only decides looks; the code itself comes from the caller).
 */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
const JPEG_QUALITY = 80;

type Rgb = readonly [number, number, number];

export function renderCaptcha(code: string, random: () => number = Math.random): Buffer {
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  const colour = (lo: number, hi: number): Rgb => [between(lo, hi), between(lo, hi), between(lo, hi)];

  canvas.gradient(colour(212, 250), colour(212, 250), () => between(-7, 7));
  for (let i = 0; i < 40; i += 1)
    canvas.dot(between(0, canvas.width), between(0, canvas.height), between(0.5, 1.4), colour(150, 230));
  for (let i = 0; i < 2; i += 1) canvas.stroke(noiseCurve(canvas, between), between(0.8, 1.4), colour(110, 190));

  // A gentle wave bends the whole line of text.
  const amplitude = between(1.2, 2.8);
  const period = between(38, 70);
  const phase = between(0, Math.PI * 2);
  const warp = ([x, y]: Point): Point => [
    x + 0.8 * Math.sin(y / 5 + phase),
    y + amplitude * Math.sin((2 * Math.PI * x) / period + phase),
  ];

  const chars = Array.from(code);
  const margin = 8;
  const slot = (canvas.width - margin * 2) / Math.max(chars.length, 1);
  chars.forEach((char, i) => {
    const strokes = GLYPHS[char.toUpperCase()];
    if (!strokes) throw new Error(`captcha font has no glyph for ${JSON.stringify(char)}`);
    const cx = margin + slot * (i + 0.5) + between(-2.5, 2.5);
    const cy = canvas.height / 2 + between(-2.5, 2.5);
    const sx = between(3.2, 4.0);
    const sy = between(3.5, 4.2);
    const angle = between(-0.38, 0.38);
    const shear = between(-0.25, 0.25);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([gx, gy]: Point): Point => {
      const x = (gx - GLYPH_WIDTH / 2) * sx;
      const y = (gy - GLYPH_HEIGHT / 2) * sy;
      const xs = x + shear * y;
      return warp([cx + xs * cos - y * sin, cy + xs * sin + y * cos]);
    };
    const ink = colour(15, 125);
    const pen = between(2.1, 2.9);
    canvas.stroke(
      strokes.map((s) => subdivide(s, 0.5).map(place)),
      pen,
      ink,
    );
  });

  canvas.stroke(noiseCurve(canvas, between), between(1, 1.6), colour(40, 150));
  for (let i = 0; i < 70; i += 1)
    canvas.dot(between(0, canvas.width), between(0, canvas.height), between(0.5, 1.3), colour(20, 220));

  return encode({ width: canvas.width, height: canvas.height, data: canvas.data }, JPEG_QUALITY).data;
}

/** A quadratic curve from the left edge to the right edge, as one polyline. */
function noiseCurve(canvas: Canvas, between: (lo: number, hi: number) => number): Stroke[] {
  const p0: Point = [between(-5, 10), between(4, canvas.height - 4)];
  const p1: Point = [between(30, 90), between(-15, canvas.height + 15)];
  const p2: Point = [between(canvas.width - 10, canvas.width + 5), between(4, canvas.height - 4)];
  const points: Point[] = [];
  for (let i = 0; i <= 40; i += 1) {
    const t = i / 40;
    const a = (1 - t) * (1 - t);
    const b = 2 * (1 - t) * t;
    const c = t * t;
    points.push([a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]]);
  }
  return [points];
}

/** Splits each segment into pieces of at most `step` grid units, so the warp bends straight strokes. */
function subdivide(stroke: Stroke, step: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < stroke.length; i += 1) {
    const p = stroke[i];
    if (!p) continue;
    const prev = stroke[i - 1];
    if (prev) {
      const n = Math.max(1, Math.ceil(Math.hypot(p[0] - prev[0], p[1] - prev[1]) / step));
      for (let k = 1; k < n; k += 1)
        out.push([prev[0] + ((p[0] - prev[0]) * k) / n, prev[1] + ((p[1] - prev[1]) * k) / n]);
    }
    out.push(p);
  }
  return out;
}

/** An RGBA pixel buffer with anti-aliased pens. */
class Canvas {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }

  gradient(left: Rgb, right: Rgb, grain: () => number): void {
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const t = x / (this.width - 1);
        const g = grain();
        const i = (y * this.width + x) * 4;
        for (let c = 0; c < 3; c += 1) this.data[i + c] = clampByte((left[c] ?? 0) * (1 - t) + (right[c] ?? 0) * t + g);
      }
    }
  }

  dot(cx: number, cy: number, radius: number, colour: Rgb): void {
    this.paint(cx - radius - 1, cy - radius - 1, cx + radius + 1, cy + radius + 1, colour, (px, py) =>
      coverage(Math.hypot(px - cx, py - cy), radius),
    );
  }

  /** Draws polylines with a round pen of `width` pixels; overlapping parts are painted once. */
  stroke(polylines: readonly (readonly Point[])[], width: number, colour: Rgb): void {
    const mask = new Float32Array(this.width * this.height);
    const radius = width / 2;
    for (const line of polylines) {
      for (let i = 1; i < line.length; i += 1) {
        const a = line[i - 1];
        const b = line[i];
        if (!a || !b) continue;
        const left = Math.max(0, Math.floor(Math.min(a[0], b[0]) - radius - 1));
        const right = Math.min(this.width - 1, Math.ceil(Math.max(a[0], b[0]) + radius + 1));
        const top = Math.max(0, Math.floor(Math.min(a[1], b[1]) - radius - 1));
        const bottom = Math.min(this.height - 1, Math.ceil(Math.max(a[1], b[1]) + radius + 1));
        for (let y = top; y <= bottom; y += 1) {
          for (let x = left; x <= right; x += 1) {
            const cover = coverage(distanceToSegment(x + 0.5, y + 0.5, a, b), radius);
            const k = y * this.width + x;
            if (cover > (mask[k] ?? 0)) mask[k] = cover;
          }
        }
      }
    }
    this.paint(
      0,
      0,
      this.width - 1,
      this.height - 1,
      colour,
      (px, py) => mask[Math.floor(py) * this.width + Math.floor(px)] ?? 0,
    );
  }

  private paint(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    colour: Rgb,
    cover: (px: number, py: number) => number,
  ): void {
    const left = Math.max(0, Math.floor(x0));
    const top = Math.max(0, Math.floor(y0));
    const right = Math.min(this.width - 1, Math.ceil(x1));
    const bottom = Math.min(this.height - 1, Math.ceil(y1));
    for (let y = top; y <= bottom; y += 1) {
      for (let x = left; x <= right; x += 1) {
        const alpha = cover(x + 0.5, y + 0.5);
        if (alpha <= 0) continue;
        const i = (y * this.width + x) * 4;
        for (let c = 0; c < 3; c += 1) {
          const under = this.data[i + c] ?? 255;
          this.data[i + c] = clampByte(under + ((colour[c] ?? 0) - under) * alpha);
        }
      }
    }
  }
}

/** How much of a pixel at `distance` from a shape's centre line a pen of `radius` covers (1-pixel ramp). */
function coverage(distance: number, radius: number): number {
  return Math.min(1, Math.max(0, radius + 0.5 - distance));
}

function distanceToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.min(1, Math.max(0, ((px - a[0]) * dx + (py - a[1]) * dy) / lengthSq));
  return Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy));
}

function clampByte(v: number): number {
  return Math.min(255, Math.max(0, Math.round(v)));
}
