// `npm run bench:figures`: a book with 1,000 punters and 100,000 ledger rows over 120 days,
// then `GET /figures` for a week timed through the local API in workerd. The history is
// written straight into D1 (through the API it would take many minutes): punters are given
// coins, bet on 400 two-runner races, win, lose or are refunded, and each account's balance
// is the sum of its rows, as the ledger keeps it.
import { client, lastWeekQuery, startApi, timeCalls } from "./local-api.mjs";

const PUNTERS = Number(process.env.BENCH_PUNTERS ?? 1000);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const EVENTS = 400;
const DAYS = 120;
const RUNS = 20;
const DAY = 86_400_000;

const api = await startApi();
const c = client(api.base);
const db = api.db;

/** Inserts rows given as arrays through json_each, a couple of thousand per statement. */
async function insertAll(sql, rows) {
  for (let i = 0; i < rows.length; i += 2000)
    await db
      .prepare(sql)
      .bind(JSON.stringify(rows.slice(i, i + 2000)))
      .run();
}
const col = (i) => `json_extract(value, '$[${i}]')`;
const iso = (ms) => new Date(ms).toISOString();

// A fixed seed, so every run times the same history.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (n) => Math.floor(random() * n);

try {
  const book = await c.bookmaker(1);
  const ownerId = book.owner.userId;
  const now = Date.now();
  const t0 = performance.now();

  const firstUser = 8_000_000_000 + (now % 1_000_000) * 1000;
  const punterIds = Array.from({ length: PUNTERS }, (_, i) => firstUser + i);
  await insertAll(
    `INSERT INTO users (id, username, created_at, updated_at) SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(2)} FROM json_each(?1)`,
    punterIds.map((id, i) => [id, `punter_${String(i).padStart(4, "0")}`, iso(now - DAYS * DAY)]),
  );
  await insertAll(
    `INSERT INTO memberships (bookmaker_id, user_id, status, requested_at, approved_at) SELECT ${book.bookmakerId}, ${col(0)}, 'APPROVED', ${col(1)}, ${col(1)} FROM json_each(?1)`,
    punterIds.map((id) => [id, iso(now - DAYS * DAY)]),
  );
  await insertAll(
    `INSERT INTO accounts (kind, pool_owner_id, punter_id) SELECT 'PUNTER', ${ownerId}, value FROM json_each(?1)`,
    punterIds,
  );
  const accounts = new Map(
    (await db.prepare(`SELECT id, punter_id FROM accounts WHERE pool_owner_id = ?1`).bind(ownerId).all()).results.map(
      (r) => [r.punter_id ?? "pool", r.id],
    ),
  );
  const poolId = accounts.get("pool");

  // Races spread over the 120 days; those more than an hour old are settled, one in twenty abandoned.
  const races = Array.from({ length: EVENTS }, (_, i) => {
    const start = now - DAYS * DAY + Math.floor(((i + 0.5) / EVENTS) * (DAYS + 2) * DAY);
    const settled = start + 2 * 3_600_000 < now;
    return { start, settled, settledAt: start + 2 * 3_600_000, abandoned: settled && pick(20) === 0, winner: pick(2) };
  });
  await insertAll(
    `INSERT INTO events (bookmaker_id, title, description, status, start_date, end_date, max_total_payout_cents, return_pct, created_at, updated_at, settled_at, published_at)
     SELECT ${book.bookmakerId}, 'Horse Racing / United Kingdom', 'Bench race', ${col(0)}, ${col(1)}, ${col(2)}, 100000000, 50, ${col(3)}, ${col(3)}, ${col(4)}, ${col(3)} FROM json_each(?1)`,
    races.map((r) => [
      r.abandoned ? "CANCELLED" : r.settled ? "CALCULATED" : "READY_FOR_BETS",
      iso(r.start),
      iso(r.start + 3_600_000),
      iso(r.start - 3 * DAY),
      r.settled ? iso(r.settledAt) : null,
    ]),
  );
  const eventIds = (
    await db.prepare(`SELECT id FROM events WHERE bookmaker_id = ?1 ORDER BY start_date`).bind(book.bookmakerId).all()
  ).results.map((r) => r.id);
  // Evens and 2/1: decimal 2.00 and 3.00.
  const ODDS = [
    [1, 1],
    [2, 1],
  ];
  await insertAll(
    `INSERT INTO event_items (event_id, position, title, odds_num, odds_den, curr_num, curr_den, status)
     SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(3)}, ${col(4)}, ${col(5)} FROM json_each(?1)`,
    eventIds.flatMap((id, e) =>
      ODDS.map(([num, den], p) => [
        id,
        p,
        `Runner ${p + 1}`,
        num,
        den,
        !races[e].settled || races[e].abandoned ? "ACTIVE" : p === races[e].winner ? "WINNER" : "LOSER",
      ]),
    ),
  );
  const itemIds = new Map(
    (
      await db
        .prepare(
          `SELECT i.id, i.event_id, i.position FROM event_items i JOIN events e ON e.id = i.event_id WHERE e.bookmaker_id = ?1`,
        )
        .bind(book.bookmakerId)
        .all()
    ).results.map((r) => [`${r.event_id}:${r.position}`, r.id]),
  );

  // Each punter: coins given, then bets on races in time order until his share of rows is written.
  const ledger = [];
  const bets = [];
  const balances = new Map();
  let poolCents = 0;
  const rowsPerPunter = ROWS / PUNTERS;
  for (const punterId of punterIds) {
    const account = accounts.get(punterId);
    let balance = 0;
    let rows = 0;
    const move = (kind, from, to, cents, ref, at) => {
      ledger.push([from, to, cents, kind, ref, iso(at)]);
      rows++;
      if (to === account) balance += cents;
      if (from === account) balance -= cents;
      poolCents += (to === poolId ? cents : 0) - (from === poolId ? cents : 0);
    };
    move("ALLOCATE", poolId, account, 50_000, null, now - DAYS * DAY + pick(DAY));
    // About one row and a half per bet: spread his bets over the whole 120 days.
    const step = Math.max(1, Math.round(EVENTS / (rowsPerPunter / 1.5)));
    for (let e = pick(step); e < EVENTS && rows < rowsPerPunter; e += 1 + pick(2 * step - 1)) {
      const race = races[e];
      const betAt = race.start - 1 - pick(2 * DAY);
      if (betAt >= now) break;
      if (balance < 100) move("ALLOCATE", poolId, account, 20_000, null, betAt - 1);
      const stake = Math.min(balance, 100 + pick(2_000));
      const position = pick(2);
      const [num, den] = ODDS[position];
      const eventId = eventIds[e];
      move("STAKE", account, poolId, stake, `event:${eventId}`, betAt);
      let status = "ACCEPTED";
      let payout = 0;
      if (race.settled) status = race.abandoned ? "CANCELLED" : position === race.winner ? "WON" : "LOST";
      bets.push({
        row: [
          eventId,
          itemIds.get(`${eventId}:${position}`),
          punterId,
          stake,
          num,
          den,
          status,
          0,
          iso(betAt),
          race.settled ? iso(race.settledAt) : null,
        ],
        status,
        stake,
        num,
        den,
        race,
      });
      if (status === "WON") payout = Math.floor((stake * (num + den)) / den);
      bets[bets.length - 1].row[7] = payout;
      if (status === "WON" || status === "CANCELLED") {
        bets[bets.length - 1].settle = {
          kind: status === "WON" ? "PAYOUT" : "REFUND",
          cents: status === "WON" ? payout : stake,
        };
        rows++; // written below, once the bet has its id
      }
      if (race.settled && balance >= 500 && pick(8) === 0)
        move("WITHDRAW", account, poolId, 500, null, race.settledAt + 60_000);
    }
    balances.set(account, balance);
  }
  await insertAll(
    `INSERT INTO bets (event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, status, payout_cents, created_at, settled_at)
     SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${book.bookmakerId}, ${col(3)}, ${col(4)}, ${col(5)}, ${col(6)}, ${col(7)}, ${col(8)}, ${col(9)} FROM json_each(?1)`,
    bets.map((b) => b.row),
  );
  // Payouts and refunds point at their bet, written at the instant the race was settled.
  const betIds = (
    await db.prepare(`SELECT id FROM bets WHERE bookmaker_id = ?1 ORDER BY id`).bind(book.bookmakerId).all()
  ).results.map((r) => r.id);
  bets.forEach((b, i) => {
    if (!b.settle) return;
    const account = accounts.get(b.row[2]);
    ledger.push([poolId, account, b.settle.cents, b.settle.kind, `bet:${betIds[i]}`, iso(b.race.settledAt)]);
    balances.set(account, balances.get(account) + b.settle.cents);
    poolCents -= b.settle.cents;
  });
  ledger.sort((a, b) => (a[5] < b[5] ? -1 : a[5] > b[5] ? 1 : 0));
  await insertAll(
    `INSERT INTO ledger (pool_owner_id, from_account, to_account, amount_cents, kind, ref, created_at)
     SELECT ${ownerId}, ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(5)} FROM json_each(?1)`,
    ledger,
  );
  await insertAll(`UPDATE accounts SET balance_cents = ${col(1)} FROM json_each(?1) WHERE accounts.id = ${col(0)}`, [
    ...balances,
  ]);
  await db
    .prepare(`UPDATE accounts SET balance_cents = balance_cents + ?2 WHERE id = ?1`)
    .bind(poolId, poolCents)
    .run();
  const count = (await db.prepare(`SELECT COUNT(*) AS n FROM ledger WHERE pool_owner_id = ?1`).bind(ownerId).first()).n;
  console.log(
    `seeded ${PUNTERS} punters, ${bets.length} bets, ${count} ledger rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Last week, Monday to Sunday in UTC: a full week inside the history.
  const week = lastWeekQuery(now);

  async function time(label, route) {
    const { answer, p50, max } = await timeCalls(() => c.call("GET", route, { token: book.owner.token }), RUNS);
    console.log(`${label}: p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms (${RUNS} calls)`);
    return answer;
  }

  const f = await time(`GET /figures (a week, ${PUNTERS} punters)`, `/figures?${week}`);
  await time("GET /figures/daily?days=30", "/figures/daily?days=30");
  const cents = (n) => Math.round(n * 100);
  const ok =
    f.punters.length === PUNTERS &&
    f.punters.every(
      (p) =>
        cents(p.opening) + cents(p.added) - cents(p.withdrawn) - cents(p.staked) + cents(p.returned) ===
        cents(p.closing),
    );
  console.log(
    `week ${f.from}…${f.to}: staked ${f.book.staked}, hold ${f.book.hold} (${f.book.holdPct} %), identity ${ok ? "holds" : "BROKEN"} for every punter`,
  );
} finally {
  await api.stop();
}
