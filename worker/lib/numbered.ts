/**
 * Prepares SQL that uses numbered binds (?1, ?2…) and binds `values` up to the highest one it
 * names: SQLite refuses more values than that, and the statements here use different subsets.
 */
export function prepareNumbered(db: D1Database, sql: string, values: unknown[]): D1PreparedStatement {
  const used = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  return db.prepare(sql).bind(...values.slice(0, used));
}
