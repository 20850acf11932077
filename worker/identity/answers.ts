import * as v from "valibot";
import { Language } from "../lib/answers";
import { Id } from "../lib/wire";

// What identity/routes.ts answers (sign-in, the caller's language); named in /openapi.json by
// openapi/answers.ts, as every folder's answers.ts is.

export const Session = v.object({
  token: v.pipe(v.string(), v.description("Send as `Authorization: Bearer <token>` (or `JWT <token>`).")),
  userId: Id,
  username: v.string(),
  language: v.pipe(Language, v.description("The language he reads: his choice, else Telegram's, else en.")),
});

export const Languages = v.object({
  language: v.pipe(Language, v.description("In force: his choice, else Telegram's, else en.")),
  telegram: v.pipe(v.nullable(Language), v.description("Telegram's language_code as one of ours; null: none.")),
});
