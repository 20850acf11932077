import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// schema.sql is what a reader opens to learn the data model; it must say what the
// migrations actually build.

const normalise = (sql: string) =>
  columnsFirst(
    sql
      .replace(/--[^\n]*/g, "")
      // A table built beside its old one and renamed keeps its name quoted (0017).
      .replace(/"(\w+)"/g, "$1")
      .replace(/\s+/g, " ")
      .replace(/\s*([(),])\s*/g, "$1")
      .trim(),
  );

/**
 * A table's columns before its constraints: ALTER TABLE … ADD COLUMN appends a column after the
 * table's constraints (0018), which a CREATE TABLE cannot write, so schema.sql has it before them.
 */
function columnsFirst(sql: string): string {
  const open = sql.indexOf("(");
  if (!sql.startsWith("CREATE TABLE") || open < 0 || !sql.endsWith(")")) return sql;
  const parts: string[] = [];
  let [depth, start] = [0, open + 1];
  for (let i = start; i < sql.length - 1; i++) {
    if (sql[i] === "(") depth++;
    else if (sql[i] === ")") depth--;
    else if (sql[i] === "," && depth === 0) {
      parts.push(sql.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(sql.slice(start, sql.length - 1));
  const constraint = (part: string) => /^(UNIQUE|PRIMARY KEY|CHECK|FOREIGN KEY|CONSTRAINT)\b/.test(part);
  const ordered = [...parts.filter((p) => !constraint(p)), ...parts.filter(constraint)];
  return `${sql.slice(0, open + 1)}${ordered.join(",")})`;
}

async function objects(db: D1Database) {
  const { results } = await db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
       ORDER BY type, name`,
    )
    .all<{ type: string; name: string; tbl_name: string; sql: string }>();
  return results.map((r) => ({ ...r, sql: normalise(r.sql) }));
}

describe("schema.sql", () => {
  it("builds exactly the schema that the migrations build", async () => {
    await env.SCHEMA_DB.batch(env.SCHEMA_STATEMENTS.map((s) => env.SCHEMA_DB.prepare(s)));
    const fromMigrations = await objects(env.DB);
    expect(fromMigrations.length).toBeGreaterThan(10);
    expect(await objects(env.SCHEMA_DB)).toEqual(fromMigrations);
  });
});
