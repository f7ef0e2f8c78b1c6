/** Rows grouped by a key, each group in the rows' order, each row as `toValue` makes it. */
export function groupBy<Row, Value>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  toValue: (row: Row) => Value,
): Map<string, Value[]> {
  const groups = new Map<string, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(toValue(row));
    else groups.set(key, [toValue(row)]);
  }
  return groups;
}
