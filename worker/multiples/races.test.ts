import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent, Multiple } from "../contract";
import { call } from "../test/api";
import { race, tryMultiple } from "../test/multiples";
import { ledgerViolations, newBook, newPunter, NO_VIOLATIONS } from "../test/world";

// A multiple's placement is D1's batch, its legs' settlement the rooms' batches: whichever lands
// first, a leg is never left open on an outcome already decided.

/** Legs still PENDING on an outcome that is withdrawn or on an event settled or abandoned: must be none. */
async function lostLegs(bookmakerId: number) {
  const { results } = await env.DB.prepare(
    `SELECT l.multiple_id, l.leg_no FROM multiple_legs l JOIN multiples m ON m.id = l.multiple_id
     JOIN events e ON e.id = l.event_id JOIN event_items i ON i.id = l.item_id
     WHERE m.bookmaker_id = ?1 AND l.result = 'PENDING' AND (i.status <> 'ACTIVE' OR e.status IN ('CALCULATED', 'CANCELLED'))`,
  )
    .bind(bookmakerId)
    .all();
  return results;
}

describe("placing a multiple while a leg's event changes", () => {
  it(
    "racing a non-runner or a finalize (20 rounds): the leg is void or settled as struck, never lost track of",
    { timeout: 60_000 },
    async () => {
      const book = await newBook({ coins: 100_000 });
      const punter = await newPunter(book, { coins: 1000 });
      const owner = book.owner.token;
      let placed = 0;
      for (let round = 0; round < 20; round++) {
        const [a, b] = [await race(book, [3, 4, 5]), await race(book, [2, 3])];
        const change =
          round % 2 === 0
            ? call("POST", `/events/${a.id}/nr/${a.items[0].id}`, { token: owner })
            : call("POST", `/events/${a.id}/finalize`, {
                token: owner,
                body: { eventId: a.id, winners: [a.items[0].id] },
              });
        const [res, changed] = await Promise.all([
          tryMultiple(
            punter,
            book,
            "DOUBLE",
            [
              [a, 0],
              [b, 0],
            ],
            1,
          ),
          change,
        ]);
        expect(changed.status).toBe(200);
        if (res.status === 201) {
          placed++;
          const multiple = await res.json<Multiple>();
          expect(multiple.legs[0].coefficient).toBe(3);
          const { legs } = await leg(multiple.multipleId);
          expect(legs[0].result).toBe(round % 2 === 0 ? "VOID" : "WON");
          expect(legs[0].odds).toBe("2/1");
        } else {
          // Refused: the event took no more bets (settled) or the outcome ran no more / was repriced.
          expect([409]).toContain(res.status);
        }
        await closeOut(owner, b);
      }
      expect(await lostLegs(book.bookmakerId)).toEqual([]);
      expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
      // Both orders happen in 20 rounds; if not, the test says nothing of the race.
      expect(placed).toBeGreaterThan(0);
    },
  );
});

async function leg(multipleId: number) {
  const { results } = await env.DB.prepare(
    `SELECT result, odds_num || '/' || odds_den AS odds FROM multiple_legs WHERE multiple_id = ?1 ORDER BY leg_no`,
  )
    .bind(multipleId)
    .all<{ result: string; odds: string }>();
  return { legs: results };
}

const closeOut = (token: string, e: BookmakerEvent) =>
  call("POST", `/events/${e.id}/finalize`, { token, body: { eventId: e.id, winners: [e.items[1].id] } });
