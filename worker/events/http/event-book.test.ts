import { describe, expect, it } from "vitest";
import { call, signIn } from "../../test/api";
import { send } from "../../test/client";
import { draftBody, newEvent } from "../../test/events";
import { newBook } from "../../test/world";

// GET /events/{id}/book (docs/decisions/telegram.md, "Sharing"): whose book a published event is
// in, for a shared link's ev_<id> to open it or the book's join screen.

describe("GET /events/{id}/book", () => {
  it("names a published event's book to any signed-in user", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    const stranger = await signIn("stranger");
    for (const token of [stranger.token, book.owner.token])
      expect(await send("GET /events/:id/book", { token, params: { id: event.id } })).toEqual({
        bookmakerId: book.bookmakerId,
      });
  });

  it("is 404 for an unknown event and for a draft never published", async () => {
    const book = await newBook({ coins: 1000 });
    const { eventId } = await send("POST /drafts", { token: book.owner.token, body: draftBody(book) });
    const stranger = await signIn("stranger");
    for (const id of [eventId, 999_999_999]) {
      const res = await call("GET", `/events/${id}/book`, { token: stranger.token });
      expect(res.status).toBe(404);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_FOUND");
    }
  });

  it("is 401 without a token and 400 for an id that is not one", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    expect((await call("GET", `/events/${event.id}/book`)).status).toBe(401);
    const stranger = await signIn("stranger");
    expect((await call("GET", "/events/abc/book", { token: stranger.token })).status).toBe(400);
  });
});
