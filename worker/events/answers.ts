import * as v from "valibot";
import { OutcomeStatus } from "../bets/answers";
import { Coins, Deduction, Id, Instant } from "../lib/wire";

// What events/http/ answers: events as the bookmaker and the punter see them, the liability
// board, the reference lists.

export const EventStatus = v.picklist([
  "CREATED",
  "READY_FOR_BETS",
  "WAITING_FOR_RESULT",
  "FINISHED",
  "WAITING_FOR_CALCULATION",
  "CALCULATED",
  "CANCELLED",
  "ABANDONED",
  "SUSPENDED",
]);

const Fractional = v.pipe(v.string(), v.description('Fractional odds, "num/den".'));

const EventDates = {
  startDate: Instant,
  endDate: Instant,
  startDate2: v.nullable(Instant),
  startDate3: v.nullable(Instant),
  startDate4: v.nullable(Instant),
  startDate5: v.nullable(Instant),
};

const Place = v.pipe(
  v.nullable(v.number()),
  v.description("Its finishing place once settled (ties share a place); null before, or when unplaced."),
);

const StartingPrice = v.pipe(
  v.nullable(v.number()),
  v.description("Its starting price once settled, on an event with SP or BOG; null before, and for a non-runner."),
);

const RacingRules = {
  rule4: v.boolean(),
  deadHeat: v.boolean(),
  sp: v.pipe(v.boolean(), v.description("SP bets taken (atSp).")),
  bog: v.pipe(
    v.boolean(),
    v.description("Best odds guaranteed: a bet struck at a price is paid at the SP when that returns more."),
  ),
  eachWay: v.pipe(
    v.nullable(v.object({ places: v.number(), fraction: v.number(), standard: v.boolean() })),
    v.description(
      "Each-way terms in force: paying places and the fraction of the odds a place pays at (1 and 1: win only); standard when they follow the runners. Null: no each-way bets.",
    ),
  ),
};

export const BookmakerEvent = v.object({
  ...EventDates,
  ...RacingRules,
  id: Id,
  title: v.string(),
  description: v.string(),
  status: EventStatus,
  bookmakerId: Id,
  maxTotalPayout: Coins,
  returnPrice: v.number(),
  botEqualizer: v.boolean(),
  payoutRatioType: v.nullable(v.literal("ADVERTISED")),
  settledAt: v.pipe(v.nullable(Instant), v.description("When settled or abandoned; undoable for 24 hours.")),
  items: v.array(
    v.object({
      id: Id,
      title: v.string(),
      coefficient: v.number(),
      fractalCoefficient: Fractional,
      currCoefficient: v.pipe(v.number(), v.description("The odds bets are taken at now.")),
      currFractalCoefficient: Fractional,
      status: OutcomeStatus,
      whatIf: v.pipe(v.number(), v.description("The book's result should this outcome win; 0 without WHAT_IF.")),
      deduction: Deduction,
      withdrawnAt: v.pipe(v.nullable(Instant), v.description("When a non-runner was withdrawn.")),
      place: Place,
      sp: StartingPrice,
    }),
  ),
});

export const BookmakerEvents = v.array(BookmakerEvent);

export const LiabilityBoard = v.object({
  events: v.array(
    v.object({
      id: Id,
      title: v.string(),
      description: v.string(),
      status: EventStatus,
      startDate: Instant,
      staked: Coins,
      bets: v.pipe(v.number(), v.integer()),
      worst: v.pipe(Coins, v.description("The most any one result pays: the dearest outcome's payout.")),
      cashedOut: v.pipe(Coins, v.description("What its bets cashed out so far were paid (off its liability).")),
      sp: v.pipe(v.boolean(), v.description("It takes SP bets: they are counted at their outcome's price now.")),
      items: v.array(
        v.object({
          id: Id,
          title: v.string(),
          status: OutcomeStatus,
          deduction: Deduction,
          staked: Coins,
          bets: v.pipe(v.number(), v.integer(), v.description("Open bets; an each-way bet counts once.")),
          payout: v.pipe(
            Coins,
            v.description(
              "What the book pays should it win: its bets in full, less Rule 4 deductions known so far, plus the largest place parts of the other paying places. 0 for a non-runner.",
            ),
          ),
        }),
      ),
    }),
  ),
  multiples: v.object({
    open: v.pipe(v.number(), v.integer()),
    potential: v.pipe(Coins, v.description("What the open multiples pay should every line win.")),
  }),
  worstCase: v.pipe(Coins, v.description("Every event's worst result plus every open multiple paid in full.")),
});

export const PlayerEvents = v.array(
  v.object({
    ...EventDates,
    ...RacingRules,
    eventId: Id,
    title: v.string(),
    description: v.string(),
    status: EventStatus,
    maxTotalPayout: Coins,
    bookmakerId: Id,
    requestId: v.pipe(Id, v.description("The caller's membership id.")),
    items: v.array(
      v.object({
        id: Id,
        title: v.string(),
        coefficient: v.number(),
        fractalCoefficient: v.pipe(v.nullable(Fractional), v.description("Only when the book holds FRACTAL_ODDS.")),
        status: OutcomeStatus,
        whatIf: v.pipe(v.number(), v.description("The caller's result should this outcome win; 0 without WHAT_IF.")),
        myStake: Coins,
        maxStake: v.pipe(Coins, v.description("The largest stake this outcome still takes at these odds.")),
        eachWayMaxStake: v.pipe(
          Coins,
          v.description("The same for an each-way bet, per part; 0 where the event takes no each-way bets."),
        ),
        deduction: Deduction,
        place: Place,
        sp: StartingPrice,
      }),
    ),
  }),
);

export const SettlementSize = v.object({
  bets: v.pipe(v.number(), v.integer()),
  coins: Coins,
  undoUntil: v.pipe(Instant, v.description("Until when the result can be undone.")),
});

export const EventTypes = v.array(v.object({ eventTypeName: v.string() }));

export const Countries = v.array(v.object({ countryName: v.string() }));

export const CreatedDraft = v.object({ eventId: Id });

export const PublishedEvent = v.object({ id: Id });

/** GET /events/{id}/book: whose book a published event is in (a shared link's `ev_<id>`). */
export const EventBook = v.object({ bookmakerId: Id });
