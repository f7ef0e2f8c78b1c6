/** Whether PostgreSQL refused a statement with this SQLSTATE (Drizzle wraps the driver's error as the cause). */
function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** unique_violation: the row's key is taken. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** foreign_key_violation: the row it hangs on is gone. */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');
