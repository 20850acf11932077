import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Me } from "../contract";
import { call, json, signIn } from "../test/api";
import { freshBookName, giveSubscription, newBook } from "../test/world";

const register = (token: string, name: unknown) => call("PUT", "/bookmakers/register", { token, body: { name } });

async function errorOf(res: Response) {
  return (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;
}

describe("bookmaker profile", () => {
  it("registers a profile, trims the name, and shows it in authorizeMe", async () => {
    const user = await signIn("owner");
    await giveSubscription(user.userId, "BOOKMAKER");
    const name = freshBookName();
    const res = await register(user.token, `  ${name}  `);
    expect(res.status).toBe(200);
    const { bookmakerId } = await res.json<{ bookmakerId: number }>();
    const me = await json<Me>("GET", "/bookmakers/authorizeMe", { token: user.token });
    expect(me).toEqual({
      userId: user.userId,
      username: user.username,
      bookmakerDto: { bookmakerId, bookmakerName: name, terms: "" },
      staffOf: null,
    });
  });

  it("refuses names of the wrong length or with control characters, with the spec's messages", async () => {
    const user = await signIn("owner");
    const cases: [unknown, string][] = [
      ["Short", "Name must be 8 to 16 characters long"],
      ["   Short7   ", "Name must be 8 to 16 characters long"],
      ["Seventeen chars!!", "Name must be 8 to 16 characters long"],
      ["Букмекер 12345678", "Name must be 8 to 16 characters long"],
      ["Tab\there12345", "Control characters are not allowed."],
      [12345678, "Name must be 8 to 16 characters long"],
    ];
    for (const [name, message] of cases) {
      const res = await register(user.token, name);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "VALIDATION", field: "name", message });
    }
    expect((await json<Me>("GET", "/bookmakers/authorizeMe", { token: user.token })).bookmakerDto).toBeNull();
  });

  it("refuses a name another bookmaker holds, whatever its case, with 409 NAME_TAKEN", async () => {
    const first = await newBook();
    const other = await signIn("owner");
    await giveSubscription(other.userId, "BOOKMAKER");
    const res = await register(other.token, first.name.toUpperCase());
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("NAME_TAKEN");
  });

  it("refuses a second profile for the same user", async () => {
    const book = await newBook();
    const res = await register(book.owner.token, freshBookName());
    expect(res.status).toBe(409);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM bookmakers WHERE owner_id = ?1")
      .bind(book.owner.userId)
      .first();
    expect(count).toEqual({ n: 1 });
  });

  it("renames the caller's own profile, and refuses a taken name", async () => {
    const book = await newBook();
    const other = await newBook();
    const name = freshBookName();
    expect(await json("POST", "/bookmakers/rename", { token: book.owner.token, body: { name } })).toMatchObject({
      bookmakerId: book.bookmakerId,
      bookmakerName: name,
    });
    const clash = await call("POST", "/bookmakers/rename", {
      token: book.owner.token,
      body: { name: other.name.toLowerCase() },
    });
    expect(clash.status).toBe(409);
    expect(
      (await json<Me>("GET", "/bookmakers/authorizeMe", { token: book.owner.token })).bookmakerDto?.bookmakerName,
    ).toBe(name);
  });

  it("answers 404 with the spec's text to a rename by a user without a profile", async () => {
    const user = await signIn("nobody");
    const res = await call("POST", "/bookmakers/rename", { token: user.token, body: { name: freshBookName() } });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Bookmaker profile not found.");
  });

  it("sets terms for the owner, up to 150 characters with line breaks", async () => {
    const book = await newBook();
    const terms = "1 coin = 1 USD\nPayment via cash, card, crypto".padEnd(150, ".");
    const dto = await json("POST", `/bookmakers/${book.bookmakerId}/terms`, {
      token: book.owner.token,
      body: { terms },
    });
    expect(dto).toEqual({ bookmakerId: book.bookmakerId, bookmakerName: book.name, terms });
  });

  it("refuses 151-character terms or terms with control characters, with the field named, and keeps the old terms", async () => {
    const book = await newBook();
    await json("POST", `/bookmakers/${book.bookmakerId}/terms`, {
      token: book.owner.token,
      body: { terms: "Old terms" },
    });
    for (const [terms, message] of [
      ["x".repeat(151), "Maximum 150 characters."],
      ["Paiement\u0000 en espèces", "Control characters are not allowed."],
      [{ text: "no" }, "Terms must be text."],
    ] as const) {
      const res = await call("POST", `/bookmakers/${book.bookmakerId}/terms`, {
        token: book.owner.token,
        body: { terms },
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ field: "terms", message });
    }
    expect((await json<Me>("GET", "/bookmakers/authorizeMe", { token: book.owner.token })).bookmakerDto?.terms).toBe(
      "Old terms",
    );
  });

  it("lets only the owner change terms: 403 for another user, 404 for no such bookmaker", async () => {
    const book = await newBook();
    const stranger = await signIn("stranger");
    const res = await call("POST", `/bookmakers/${book.bookmakerId}/terms`, {
      token: stranger.token,
      body: { terms: "mine now" },
    });
    expect(res.status).toBe(403);
    expect(
      (await call("POST", `/bookmakers/99999999/terms`, { token: stranger.token, body: { terms: "x" } })).status,
    ).toBe(404);
    expect((await call("POST", `/bookmakers/abc/terms`, { token: stranger.token, body: { terms: "x" } })).status).toBe(
      400,
    );
  });

  it("refuses to register a user who never held a BOOKMAKER subscription: 403, no profile, the name stays free", async () => {
    const user = await signIn("squatter");
    const name = freshBookName();
    const res = await register(user.token, name);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "SUBSCRIPTION_REQUIRED", message: "Bookmaker subscription not found." });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM bookmakers WHERE owner_id = ?1 OR name = ?2")
        .bind(user.userId, name)
        .first(),
    ).toEqual({ n: 0 });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts WHERE pool_owner_id = ?1").bind(user.userId).first(),
    ).toEqual({ n: 0 });

    // The name is still free for a subscriber.
    const subscriber = await signIn("owner");
    await giveSubscription(subscriber.userId, "BOOKMAKER");
    expect((await register(subscriber.token, name)).status).toBe(200);
  });

  it("refuses to register under a subscription that has lapsed (an active one is needed)", async () => {
    const user = await signIn("lapsed");
    await giveSubscription(user.userId, "BOOKMAKER", new Date(Date.now() - 1000).toISOString());
    const res = await register(user.token, freshBookName());
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("SUBSCRIPTION_REQUIRED");
    expect((await json<Me>("GET", "/bookmakers/authorizeMe", { token: user.token })).bookmakerDto).toBeNull();
  });

  it("lets an owner whose subscription lapsed still rename his profile and edit his terms", async () => {
    const book = await newBook({ active: false });
    const held = await env.DB.prepare(
      "SELECT end_date FROM user_subscriptions WHERE user_id = ?1 AND type = 'BOOKMAKER'",
    )
      .bind(book.owner.userId)
      .first<{ end_date: string }>();
    expect(Date.parse(held!.end_date)).toBeLessThan(Date.now());
    const name = freshBookName();
    expect(await json("POST", "/bookmakers/rename", { token: book.owner.token, body: { name } })).toMatchObject({
      bookmakerId: book.bookmakerId,
      bookmakerName: name,
    });
    expect(
      await json("POST", `/bookmakers/${book.bookmakerId}/terms`, {
        token: book.owner.token,
        body: { terms: "Cash only" },
      }),
    ).toMatchObject({ terms: "Cash only" });
  });

  it("needs a token for every profile call", async () => {
    for (const [method, path] of [
      ["GET", "/bookmakers/authorizeMe"],
      ["PUT", "/bookmakers/register"],
      ["POST", "/bookmakers/rename"],
      ["GET", "/bookmakers"],
    ]) {
      expect((await call(method, path, method === "GET" ? {} : { body: { name: freshBookName() } })).status).toBe(401);
    }
  });
});
