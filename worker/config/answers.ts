import * as v from "valibot";

// What config/routes.ts answers.

export const PublicConfig = v.object({
  botUsername: v.pipe(
    v.nullable(v.string()),
    v.description('The bot\'s username without "@" (for invite links); null when neither configured nor known.'),
  ),
});
