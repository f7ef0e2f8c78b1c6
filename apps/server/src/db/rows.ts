/** The rows of a raw `db.execute`: answered directly on PGlite and as `{ rows }` on node-postgres. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}
