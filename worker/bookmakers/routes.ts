import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { bookmakerOwnedBy, toBookmakerDto } from "./queries";

export const bookmakerRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/authorizeMe", async (c) => {
    const { userId, username } = c.get("user");
    const row = await bookmakerOwnedBy(c.env.DB, userId);
    return c.json({ userId, username, bookmakerDto: row ? toBookmakerDto(row) : null });
  });
