// Every generated value is a pure function of its seed parts, so a day can be regenerated
// at any time (after cache eviction, in another process) and come out byte-identical.

export type Rng = () => number;

/** cyrb53 string hash; plenty of spread for seeding, and fast. */
export function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0) * 2097152 + (h1 >>> 0);
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Independent stream per purpose, so adding a draw in one place never shifts another. */
export function rngFor(...parts: ReadonlyArray<string | number>): Rng {
  return mulberry32(hashString(parts.join("\u001f")) % 4294967296);
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick() from an empty list");
  return item;
}

const weightTables = new WeakMap<object, { entries: Array<[string, number]>; total: number }>();

/** Weights should be a module-level constant: its table is computed once and cached. */
export function pickWeighted<T extends string>(rng: Rng, weights: Readonly<Record<T, number>>): T {
  let table = weightTables.get(weights);
  if (!table) {
    const entries = Object.entries(weights) as Array<[string, number]>;
    table = { entries, total: entries.reduce((sum, [, weight]) => sum + weight, 0) };
    weightTables.set(weights, table);
  }
  let roll = rng() * table.total;
  for (const [value, weight] of table.entries) {
    roll -= weight;
    if (roll < 0) return value as T;
  }
  const last = table.entries[table.entries.length - 1];
  if (last === undefined) throw new Error("pickWeighted() with no weights");
  return last[0] as T;
}

/** Distinct items, in pool order shuffled by rng. */
export function pickDistinct<T>(rng: Rng, pool: readonly T[], count: number): T[] {
  const copy = [...pool];
  const out: T[] = [];
  while (out.length < count && copy.length > 0) {
    const [item] = copy.splice(Math.floor(rng() * copy.length), 1);
    if (item !== undefined) out.push(item);
  }
  return out;
}

export function digits(rng: Rng, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(Math.floor(rng() * 10));
  return out;
}

/** Replaces each `#` in a pattern with a random digit. */
export function fillDigits(rng: Rng, pattern: string): string {
  return pattern.replace(/#/g, () => String(Math.floor(rng() * 10)));
}
