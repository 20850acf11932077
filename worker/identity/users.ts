import { nowIso } from "../lib/time";

export interface UserRow {
  id: number;
  username: string;
  first_name: string;
}

/** Creates the user on first sign-in, and keeps his username current afterwards. */
export function upsertUserStatement(db: D1Database, user: { id: number; username: string; firstName: string }) {
  const now = nowIso();
  return db
    .prepare(
      `INSERT INTO users (id, username, first_name, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?4)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, first_name = excluded.first_name, updated_at = excluded.updated_at`,
    )
    .bind(user.id, user.username, user.firstName, now);
}
