import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column as `"table"."column"`, whatever query it ends up in. Drizzle writes a column inside a
 * `sql` template of a select list without its table when the query reads one table, so a
 * correlated subquery there (`… where ${interests.pitchDeckId} = ${milestones.pitchDeckId}`)
 * silently compares the inner table with itself. Outer columns in such subqueries go through this.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
