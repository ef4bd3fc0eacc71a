/**
 * Which row is which property across days. The API names properties and nothing else, and two
 * properties may share a name (the usage report lists both); such rows are told apart by their
 * order among the rows of that name, which the API keeps from day to day.
 */

export interface Identified<T> {
  row: T;
  /** Stable across days: the name and the row's place among rows of that name. */
  key: string;
  name: string;
  /** 0 for the first row of its name, 1 for the second… */
  occurrence: number;
}

export function propertyRowKey(name: string, occurrence: number): string {
  return JSON.stringify([name, occurrence]);
}

export function identifyRows<T extends { propertyName: string }>(rows: readonly T[]): Identified<T>[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const occurrence = seen.get(row.propertyName) ?? 0;
    seen.set(row.propertyName, occurrence + 1);
    return { row, key: propertyRowKey(row.propertyName, occurrence), name: row.propertyName, occurrence };
  });
}

/** How many rows carry each name (the most seen in any one report, when several reports are given). */
export function nameCounts(reports: readonly (readonly { propertyName: string }[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rows of reports) {
    const inThis = new Map<string, number>();
    for (const row of rows) inThis.set(row.propertyName, (inThis.get(row.propertyName) ?? 0) + 1);
    for (const [name, count] of inThis) counts.set(name, Math.max(counts.get(name) ?? 0, count));
  }
  return counts;
}

/** The name as shown; a shared name is followed by which of them it is: "Seaside Suites (2 of 2)". */
export function propertyLabel(name: string, occurrence: number, sameNamed: number): string {
  return sameNamed > 1 ? `${name} (${occurrence + 1} of ${sameNamed})` : name;
}
