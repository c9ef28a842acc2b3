/**
 * Small decoders for API answers: parse at the boundary, never `as` on outside data.
 * TODO(shared): replace with zod answer schemas exported by @xg/shared (LoginAnswer, MenuAnswer, …) once they
 * exist; the web package does not depend on zod directly.
 */
export class DecodeError extends Error {
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`answer field ${path || '(root)'}: expected ${expected}`);
    this.name = 'DecodeError';
  }
}

export type Decoder<T> = (input: unknown, path: string) => T;

function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

export const string: Decoder<string> = (input, path) => {
  if (typeof input === 'string') return input;
  if (typeof input === 'number') return String(input);
  throw new DecodeError(path, 'string');
};

/** A display text: null or missing becomes ''. */
export const text: Decoder<string> = (input, path) =>
  input === null || input === undefined ? '' : string(input, path);

/** A number, also accepted as a numeric string (form-style servers). */
export const number: Decoder<number> = (input, path) => {
  if (typeof input === 'number' && Number.isFinite(input)) return input;
  if (typeof input === 'string' && input.trim() !== '' && Number.isFinite(Number(input))) return Number(input);
  throw new DecodeError(path, 'number');
};

/** A count: null or missing becomes 0. */
export const count: Decoder<number> = (input, path) =>
  input === null || input === undefined ? 0 : number(input, path);

export const boolean: Decoder<boolean> = (input, path) => {
  if (typeof input === 'boolean') return input;
  if (input === 0 || input === 1) return input === 1;
  throw new DecodeError(path, 'boolean');
};

export function nullable<T>(inner: Decoder<T>): Decoder<T | null> {
  return (input, path) => (input === null || input === undefined ? null : inner(input, path));
}

export function withDefault<T>(inner: Decoder<T>, fallback: T): Decoder<T> {
  return (input, path) => (input === null || input === undefined ? fallback : inner(input, path));
}

export function array<T>(item: Decoder<T>): Decoder<T[]> {
  return (input, path) => {
    if (!Array.isArray(input)) throw new DecodeError(path, 'array');
    return input.map((entry, index) => item(entry, `${path}[${index}]`));
  };
}

export type Shape<T> = { [K in keyof T]-?: Decoder<T[K]> };

export function object<T>(shape: Shape<T>): Decoder<T> {
  return (input, path) => {
    if (!isRecord(input)) throw new DecodeError(path, 'object');
    const out: Partial<T> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      out[key] = shape[key](input[key], path ? `${path}.${key}` : key);
    }
    return out as T;
  };
}

/** Decoder whose value is built lazily (recursive shapes such as menu trees). */
export function lazy<T>(build: () => Decoder<T>): Decoder<T> {
  return (input, path) => build()(input, path);
}

export function decode<T>(decoder: Decoder<T>, input: unknown): T {
  return decoder(input, '');
}
