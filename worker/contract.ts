// The API's answer shapes, shared with the web app through `import type` only.
// Pure types: nothing here may refer to worker globals (D1Database, …), so the web
// typechecks it under the DOM lib.

export type Id = number;

export interface ErrorBody {
  error: { code: string; message: string; field?: string; [extra: string]: unknown };
}

export interface Session {
  token: string;
  userId: Id;
  username: string;
}

export interface BookmakerDto {
  bookmakerId: Id;
  bookmakerName: string;
  terms: string;
}

export interface Me {
  userId: Id;
  username: string;
  bookmakerDto: BookmakerDto | null;
}

export interface Money {
  amount: number;
  currency: "COIN";
}
