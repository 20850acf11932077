import { runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import { call } from "../../test/api";
import { bet, inHours, newEvent, roomStub } from "../../test/events";
import { expectRoomMatchesD1 } from "../../test/faulty-d1";
import { newBook, newPunter } from "../../test/world";
import type { EventRoom } from "./room";

type Seen = { access: number; loads: number };
type Inside = { env: { DB: D1Database }; memory: { stale: boolean }; seen: Seen };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two bets wait behind an admin change; when it ends, memory is in doubt (a failure elsewhere):
// the first bet reloads; a second failure lands while that reload reads, so the first reloads
// again. The second bet, which waited for the first reload, must wait for the second too: its
// reservation made while the second reload reads would be dropped when that snapshot is applied.
it("a bet never reserves while another caller's reload is reading D1", async () => {
  const book = await newBook({ coins: 1000 });
  const event = await newEvent(book, {
    items: [
      ["A", 2],
      ["B", 3],
    ],
  });
  const [p1, p2] = await Promise.all([newPunter(book, { coins: 100 }), newPunter(book, { coins: 100 })]);
  await runInDurableObject(roomStub(event.id), (room: EventRoom) => {
    const inside = room as unknown as Inside;
    const real = inside.env.DB;
    inside.seen = { access: 0, loads: 0 };
    room.db = {
      prepare: (query: string) => real.prepare(query),
      exec: (query: string) => real.exec(query),
      withSession: (constraint?: D1SessionConstraint) => real.withSession(constraint),
      async batch<T>(statements: D1PreparedStatement[]) {
        if (statements.length === 4) {
          // A load (memory.ts): the first two find memory put in doubt while they read.
          if (++inside.seen.loads <= 2) inside.memory.stale = true;
          return real.batch<T>(statements);
        }
        if (statements.length === 2) inside.seen.access++; // a punter's access (access.ts)
        // Every write reaches D1 late: after a load that runs beside it.
        await sleep(statements.length === 2 ? 300 : 500);
        return real.batch<T>(statements);
      },
    } as D1Database;
  });
  const seen = () =>
    runInDurableObject(roomStub(event.id), (room: EventRoom) => ({ ...(room as unknown as Inside).seen }));

  const bets = [bet(p1, book, event, 0, 1), bet(p2, book, event, 1, 1)];
  // Both bets are reading their punters' access when the admin change begins.
  while ((await seen()).access < 2) await sleep(5);
  const dates = call("POST", `/events/${event.id}/modifyDates`, {
    token: book.owner.token,
    body: { startDate: inHours(3), endDate: inHours(4) },
  });
  const statuses = await Promise.all([...bets, dates].map(async (r) => (await r).status));
  expect(statuses).toEqual([201, 201, 200]);
  expect((await seen()).loads).toBeGreaterThanOrEqual(3);
  await expectRoomMatchesD1(event.id);
});
