import type { BookmakerDto } from "../contract";

export interface BookmakerRow {
  id: number;
  owner_id: number;
  name: string;
  terms: string;
  created_at: string;
}


export const toBookmakerDto = (row: BookmakerRow): BookmakerDto => ({
  bookmakerId: row.id,
  bookmakerName: row.name,
  terms: row.terms,
});

export const bookmakerOwnedBy = (db: D1Database, userId: number) =>
  db.prepare(`SELECT id, owner_id, name, terms, created_at FROM bookmakers WHERE owner_id = ?1`).bind(userId).first<BookmakerRow>();

export const bookmakerById = (db: D1Database, id: number) =>
  db.prepare(`SELECT id, owner_id, name, terms, created_at FROM bookmakers WHERE id = ?1`).bind(id).first<BookmakerRow>();
