/**
 * The usage rows' labels as every screen and export shows them: a name several properties share is
 * numbered in the API's order, "Seaside Suites (1 of 2)". Written out here rather than imported,
 * so the tests check Daybook's labels against a rule of their own.
 */
export function labelsOf(rows: readonly { propertyName: string }[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const total = rows.filter((other) => other.propertyName === row.propertyName).length;
    const nth = (seen.get(row.propertyName) ?? 0) + 1;
    seen.set(row.propertyName, nth);
    return total > 1 ? `${row.propertyName} (${nth} of ${total})` : row.propertyName;
  });
}
