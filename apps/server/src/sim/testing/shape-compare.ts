/**
 * Structural comparison of a simulated answer with a real sample: the same keys at every level with the
 * same JSON types, array lengths free. The sample's array items are merged into one item shape (a key
 * present in only some items is optional; a key's allowed types are the union over items), and objects
 * whose keys are all numbers — or paths listed as maps — are compared as maps (any keys, values merged).
 *
 * Paths read like `data.list[].stat.view`; map values are `path.*`.
 */
type JsonType = 'null' | 'number' | 'string' | 'boolean' | 'object' | 'array';

interface Shape {
  types: Set<JsonType>;
  /** object keys with the number of merged objects that had them */
  keys: Map<string, { shape: Shape; count: number }>;
  objects: number;
  /** merged value shape of a map */
  mapValue: Shape | null;
  /** merged item shape of arrays (null: no sample items seen) */
  items: Shape | null;
}

export interface ShapeOptions {
  /** paths whose value may be null although the sample has a value there */
  nullable?: readonly string[];
  /** paths of sample keys the answer may leave out */
  optional?: readonly string[];
  /** paths of keys the answer may add */
  extra?: readonly string[];
  /** paths of objects with free keys */
  maps?: readonly string[];
  /** paths not compared at all */
  ignore?: readonly string[];
}

function typeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  if (t === 'number' || t === 'string' || t === 'boolean') return t;
  return 'object';
}

function emptyShape(): Shape {
  return { types: new Set(), keys: new Map(), objects: 0, mapValue: null, items: null };
}

function isMapObject(path: string, value: Record<string, unknown>, maps: ReadonlySet<string>): boolean {
  if (maps.has(path)) return true;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
}

function learn(shape: Shape, value: unknown, path: string, maps: ReadonlySet<string>): void {
  const type = typeOf(value);
  shape.types.add(type);
  if (type === 'array' && Array.isArray(value)) {
    for (const item of value) {
      shape.items ??= emptyShape();
      learn(shape.items, item, `${path}[]`, maps);
    }
  } else if (type === 'object' && typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    if (isMapObject(path, obj, maps)) {
      for (const v of Object.values(obj)) {
        shape.mapValue ??= emptyShape();
        learn(shape.mapValue, v, `${path}.*`, maps);
      }
      return;
    }
    shape.objects += 1;
    for (const [k, v] of Object.entries(obj)) {
      let entry = shape.keys.get(k);
      if (!entry) {
        entry = { shape: emptyShape(), count: 0 };
        shape.keys.set(k, entry);
      }
      entry.count += 1;
      learn(entry.shape, v, path ? `${path}.${k}` : k, maps);
    }
  }
}

/** The shape learnt from one or more samples of the same answer. */
export function shapeOf(samples: readonly unknown[], maps: readonly string[] = []): Shape {
  const shape = emptyShape();
  for (const s of samples) learn(shape, s, '', new Set(maps));
  return shape;
}

/** Problems (empty = conforms) of `actual` against `sample`'s shape. */
export function compareShape(sample: unknown, actual: unknown, options: ShapeOptions = {}): string[] {
  return compareToShape(shapeOf([sample], options.maps ?? []), actual, options);
}

export function compareToShape(shape: Shape, actual: unknown, options: ShapeOptions = {}): string[] {
  const problems: string[] = [];
  const set = (xs: readonly string[] | undefined) => new Set(xs ?? []);
  const o = {
    nullable: set(options.nullable),
    optional: set(options.optional),
    extra: set(options.extra),
    maps: set(options.maps),
    ignore: set(options.ignore),
  };
  check(shape, actual, '', o, problems);
  return problems;
}

interface Sets {
  nullable: Set<string>;
  optional: Set<string>;
  extra: Set<string>;
  maps: Set<string>;
  ignore: Set<string>;
}

function check(shape: Shape, actual: unknown, path: string, o: Sets, problems: string[]): void {
  if (o.ignore.has(path)) return;
  const type = typeOf(actual);
  const where = path || '(root)';
  if (!shape.types.has(type)) {
    if (!(type === 'null' && o.nullable.has(path)))
      problems.push(`${where}: ${type}, sample has ${[...shape.types].join('|')}`);
    return;
  }
  if (type === 'array' && Array.isArray(actual)) {
    if (shape.items) for (const item of actual) check(shape.items, item, `${path}[]`, o, problems);
    return;
  }
  if (type !== 'object' || typeof actual !== 'object' || actual === null) return;
  const obj = actual as Record<string, unknown>;
  if (shape.mapValue || o.maps.has(path)) {
    if (shape.mapValue) for (const v of Object.values(obj)) check(shape.mapValue, v, `${path}.*`, o, problems);
    return;
  }
  const child = (k: string) => (path ? `${path}.${k}` : k);
  for (const [k, entry] of shape.keys) {
    const required = entry.count === shape.objects;
    if (!(k in obj)) {
      if (required && !o.optional.has(child(k)) && !o.ignore.has(child(k))) problems.push(`${child(k)}: missing`);
      continue;
    }
    check(entry.shape, obj[k], child(k), o, problems);
  }
  for (const k of Object.keys(obj)) {
    if (!shape.keys.has(k) && !o.extra.has(child(k)) && !o.ignore.has(child(k)))
      problems.push(`${child(k)}: not in the sample`);
  }
}
