import * as v from "valibot";
import { LANGUAGES } from "../../common/languages";
import { MULTIPLE_KINDS } from "../../common/multiples";

// The answers of the routes as valibot schemas: /openapi.json describes them, and contract.ts
// derives from them every answer type the handlers are typed to send and the web reads, so the
// document and the types are one text and cannot drift.

const Id = v.pipe(v.number(), v.integer());
const Instant = v.pipe(v.string(), v.isoTimestamp(), v.description("An ISO 8601 UTC date and time."));
const Day = v.pipe(v.string(), v.isoDate());
const Coins = v.pipe(v.number(), v.description("Coins, 2 decimals at most."));

export const Ok = v.object({ ok: v.literal(true) });

export const Language = v.picklist(LANGUAGES);

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

export const BookmakerDto = v.object({ bookmakerId: Id, bookmakerName: v.string(), terms: v.string() });

export const StaffRole = v.picklist(["CLERK", "MANAGER"]);

/** A member of a book's staff (PUT /bookmakers/{id}/staff). */
export const Staff = v.object({
  userId: Id,
  username: v.string(),
  role: StaffRole,
  since: v.pipe(Instant, v.description("When he was added.")),
});

export const StaffList = v.array(Staff);

export const Me = v.object({
  userId: Id,
  username: v.string(),
  bookmakerDto: v.nullable(BookmakerDto),
  staffOf: v.pipe(
    v.nullable(v.object({ bookmakerId: Id, role: StaffRole })),
    v.description("The book the caller works for, and his role there; null for none."),
  ),
  bookDeletesOn: v.optional(
    v.pipe(Instant, v.description("Only in the last 7 days before a lapsed book is deleted: the day it goes.")),
  ),
});

export const Money = v.object({ amount: Coins, currency: v.literal("COIN") });

export const JoinRequestStatus = v.picklist(["CREATED", "APPROVED", "DECLINED"]);

export const Bookmaker = v.object({
  bookmakerId: Id,
  bookmakerName: v.string(),
  terms: v.string(),
  bookmakerJoinDate: v.pipe(
    v.nullable(Instant),
    v.description("When the caller was approved; null if he is not a member."),
  ),
  subscribers: v.pipe(v.number(), v.integer(), v.description("Approved punters.")),
  balance: v.pipe(Money, v.description("The caller's coins with this bookmaker.")),
  joinRequestStatus: v.optional(JoinRequestStatus),
  active: v.pipe(v.boolean(), v.description("Holds an active BOOKMAKER subscription.")),
});

export const BookmakerLists = v.object({
  activeBookmakers: v.array(Bookmaker),
  inactiveBookmakers: v.array(Bookmaker),
});

const UserRef = v.object({ internalId: Id, username: v.string() });

export const JoinRequestItems = v.array(
  v.object({ joinRequest: v.object({ id: Id, status: JoinRequestStatus }), user: UserRef }),
);

/** Approve and reject: the request as it now stands. */
export const JoinRequestAnswer = v.object({ joinRequest: v.object({ id: Id, status: JoinRequestStatus }) });

const Limit = v.nullable(Coins);

export const PunterLimits = v.object({
  maxStake: v.pipe(
    Limit,
    v.description("The most one bet stakes (both parts of an each-way bet); null: the book's default."),
  ),
  maxPayoutPerEvent: v.pipe(
    Limit,
    v.description("The most his bets on one event may pay on its worst result; null: the book's default."),
  ),
});

export const BookLimits = v.object({
  maxStake: v.pipe(Limit, v.description("Each punter's max stake unless he has his own; null: none.")),
  maxPayoutPerEvent: v.pipe(
    Limit,
    v.description("Each punter's max payout per event unless he has his own; null: none."),
  ),
  maxMultiplesPayout: v.pipe(
    Coins,
    v.description("What the book's open multiples may pay at most, added up (default 10,000)."),
  ),
});

export const BookBalances = v.object({
  balance: Money,
  punters: v.array(v.object({ user: UserRef, money: Money, note: v.string(), limits: PunterLimits })),
  limits: BookLimits,
});

/** Coins given or taken back: the punter's balance after the move. */
export const PunterCoins = v.object({ userId: Id, balance: Money });

export const PunterNote = v.object({ userId: Id, note: v.string() });

export const LedgerKind = v.picklist([
  "GRANT",
  "PURCHASE",
  "ALLOCATE",
  "WITHDRAW",
  "STAKE",
  "PAYOUT",
  "REFUND",
  "CASH_IN",
  "CASH_PAID",
]);
export const LedgerParty = v.object({ kind: v.picklist(["POOL", "PUNTER", "CASH"]), userId: Id, username: v.string() });

export const LedgerPage = v.object({
  entries: v.array(
    v.object({
      id: Id,
      kind: LedgerKind,
      amount: Coins,
      from: v.pipe(v.nullable(LedgerParty), v.description("null when coins came in from outside (GRANT, PURCHASE).")),
      to: LedgerParty,
      ref: v.nullable(v.string()),
      createdAt: Instant,
    }),
  ),
  nextBefore: v.pipe(v.nullable(Id), v.description("Pass as `?before=` for the next (older) page; null at the end.")),
});

export const SubscriptionType = v.picklist([
  "BOOKMAKER",
  "WHAT_IF",
  "FRACTAL_ODDS",
  "ADD_BALANCE_1000",
  "ADD_BALANCE_5000",
  "ADD_BALANCE_10000",
  "ADD_BALANCE_50000",
]);

export const Catalogue = v.array(
  v.object({
    subscriptionId: Id,
    subscriptionType: SubscriptionType,
    subscriptionName: v.string(),
    subscriptionPrice: v.pipe(v.number(), v.integer(), v.description("Stars the caller would pay now.")),
    regularPrice: v.optional(v.pipe(v.number(), v.integer(), v.description("Before a discount, when one applies."))),
    periodDays: v.optional(
      v.pipe(v.number(), v.integer(), v.description("Days one purchase adds; absent for coin packages.")),
    ),
    coins: v.optional(v.pipe(Coins, v.description("Coins a package brings; absent for subscriptions."))),
  }),
);

export const UserSubscriptions = v.array(
  v.object({
    subscription: v.object({ subscriptionType: SubscriptionType }),
    active: v.pipe(v.boolean(), v.description("Flagged active and not past its end.")),
    endDate: v.nullable(Instant),
    renewsAt: v.pipe(v.nullable(Instant), v.description("When Telegram renews it by itself (a Stars subscription).")),
    renewableFrom: v.pipe(v.nullable(Instant), v.description("From when a manual renewal is accepted; null: now.")),
  }),
);

export const InvoiceAnswer = v.object({
  invoiceLink: v.pipe(v.string(), v.description("Open with Telegram's WebApp.openInvoice.")),
  invoiceId: v.string(),
});

export const DevPayment = v.object({
  invoiceId: v.string(),
  applied: v.pipe(v.boolean(), v.description("false: applied before.")),
});

export const DevInitData = v.object({ initData: v.string() });

export const Outbox = v.array(
  v.object({
    chatId: v.number(),
    text: v.string(),
    button: v.nullable(v.object({ text: v.string(), url: v.string() })),
    createdAt: Instant,
  }),
);

export const NotificationSettings = v.object({
  joinRequests: v.boolean(),
  results: v.boolean(),
  coins: v.boolean(),
  newEvents: v.boolean(),
  bigBetsOver: v.pipe(v.nullable(Coins), v.description("A stake above it is reported; null: never.")),
  canWrite: v.pipe(v.boolean(), v.description("Whether the bot may write to the caller.")),
});

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
export const OutcomeStatus = v.picklist(["ACTIVE", "NR", "WINNER", "LOSER"]);
const Fractional = v.pipe(v.string(), v.description('Fractional odds, "num/den".'));
const Deduction = v.pipe(v.number(), v.description("Rule 4: pence in the pound taken from winnings."));

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

export const BetStatus = v.picklist(["ACCEPTED", "WON", "LOST", "CANCELLED", "CASHED_OUT"]);

export const Bet = v.object({
  betId: Id,
  eventId: Id,
  eventItemId: Id,
  userId: Id,
  coefficient: v.number(),
  betsDate: Instant,
  status: BetStatus,
  money: Money,
  payout: v.pipe(
    Coins,
    v.description(
      "What it paid (WON), refunded (CANCELLED) or was cashed out for (CASHED_OUT: on an each-way bet's WIN row, the whole bet's); 0 otherwise.",
    ),
  ),
  deduction: Deduction,
  deadHeat: v.pipe(v.number(), v.integer(), v.description("The winners it shared first place with (1: none).")),
  outcomeStatus: v.pipe(
    OutcomeStatus,
    v.description("Its outcome's status: a refund on an NR outcome is a non-runner's, not an abandoned event's."),
  ),
  eventTitle: v.string(),
  eventDescription: v.string(),
  outcomeTitle: v.string(),
  eachWay: v.pipe(v.boolean(), v.description("Part of an each-way bet (two rows, WIN and PLACE).")),
  part: v.picklist(["WIN", "PLACE"]),
  eachWayOf: v.pipe(v.nullable(Id), v.description("Both parts of an each-way bet name its WIN row.")),
  placeTerms: v.pipe(
    v.nullable(v.object({ places: v.number(), fraction: v.number() })),
    v.description("An each-way bet's place terms: as struck, then as settled."),
  ),
  atSp: v.pipe(
    v.boolean(),
    v.description(
      "Struck at SP: `coefficient` is its outcome's price now (what limits count) until the result, then its SP.",
    ),
  ),
  sp: v.pipe(
    v.nullable(v.number()),
    v.description("Its outcome's starting price, once settled; null before, or without SP."),
  ),
  paidAtSp: v.pipe(
    v.boolean(),
    v.description("Won and paid at `sp`: a bet at SP, or a BOG bet whose SP returned more than its price."),
  ),
});

export const Bets = v.array(Bet);

export const TicketStatus = v.picklist(["OPEN", "WON", "LOST", "VOID", "PAID"]);

/** A counter bet's public face (POST /counter/bets, GET /counter/tickets/{code}). */
export const Ticket = v.object({
  code: v.pipe(v.string(), v.description("10 characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ (50 bits).")),
  bookmakerId: Id,
  eventId: Id,
  bet: v.pipe(Bet, v.description("The bet (an each-way bet's WIN row); its `userId` is the ticket's own, below 0.")),
  status: v.pipe(
    TicketStatus,
    v.description(
      "OPEN until the result; WON (it returns something, unpaid), LOST, VOID (refunded: a non-runner, an abandoned event; unpaid), PAID.",
    ),
  ),
  returns: v.pipe(
    Coins,
    v.description("What the ticket pays: its payout or refund, both parts of an each-way bet; 0 while open or lost."),
  ),
  paidAt: v.nullable(Instant),
  takenBy: v.object({ userId: Id, username: v.string() }),
});

export const Tickets = v.array(Ticket);

export const LegResult = v.picklist(["PENDING", "WON", "LOST", "VOID"]);

export const Multiple = v.object({
  multipleId: Id,
  kind: v.picklist(MULTIPLE_KINDS),
  amount: v.pipe(Coins, v.description("The stake per line.")),
  lines: v.pipe(v.number(), v.integer()),
  staked: v.pipe(Coins, v.description("lines × amount, debited once.")),
  status: BetStatus,
  legs: v.array(
    v.object({
      eventId: Id,
      eventItemId: Id,
      eventTitle: v.string(),
      eventDescription: v.string(),
      outcomeTitle: v.string(),
      coefficient: v.pipe(
        v.number(),
        v.description("The odds struck; at SP, its runner's price now, then its SP once settled."),
      ),
      atSp: v.pipe(v.boolean(), v.description('Struck at SP (`coefficient: "SP"`).')),
      result: LegResult,
      factor: v.pipe(
        v.nullable(v.number()),
        v.description("WON: its odds less Rule 4 over a dead heat; VOID 1; LOST 0; null while PENDING."),
      ),
    }),
  ),
  potentialPayout: v.pipe(Coins, v.description("Every line winning at the odds struck.")),
  payout: v.pipe(
    Coins,
    v.description("What it paid (WON), refunded (CANCELLED) or was cashed out for (CASHED_OUT); 0 otherwise."),
  ),
  createdAt: Instant,
  settledAt: v.nullable(Instant),
});

export const Multiples = v.array(Multiple);

const FigureEntries = {
  opening: Coins,
  added: v.pipe(Coins, v.description('Given by the bookmaker ("+").')),
  withdrawn: v.pipe(Coins, v.description('Taken back by the bookmaker ("−").')),
  staked: Coins,
  returned: v.pipe(Coins, v.description("Payouts and refunds.")),
  net: v.pipe(Coins, v.description("returned − staked: above 0 the punter won, below 0 the book did.")),
  closing: Coins,
  openStakes: v.pipe(Coins, v.description("Stakes still unsettled at the end of the period.")),
};

export const Figure = v.pipe(
  v.object(FigureEntries),
  v.description("Always opening + added − withdrawn − staked + returned = closing; net = returned − staked."),
);

export const PunterFigure = v.object({ ...FigureEntries, userId: Id, username: v.string() });

export const Figures = v.object({
  from: Day,
  to: Day,
  tz: v.string(),
  punters: v.array(PunterFigure),
  totals: Figure,
  book: v.object({
    staked: v.pipe(Coins, v.description("Stakes taken in the period.")),
    paidOut: Coins,
    refunded: Coins,
    hold: v.pipe(Coins, v.description("Stakes of bets settled in the period less what they paid back.")),
    holdPct: v.pipe(
      v.nullable(v.number()),
      v.description("hold ÷ stakes of settled bets that were not refunded, in percent; null when none settled."),
    ),
    openLiability: v.pipe(
      Coins,
      v.description("What the book would pay at most on bets still open at the end of the period."),
    ),
  }),
  counter: v.pipe(
    v.object({
      tickets: v.pipe(v.number(), v.integer()),
      taken: v.pipe(Coins, v.description("Cash taken for them.")),
      paid: v.pipe(Coins, v.description("Cash paid out on them, until now.")),
      owed: v.pipe(Coins, v.description("What they still owe: returns and refunds not yet paid.")),
      result: v.pipe(
        Coins,
        v.description("taken − paid − owed: their stakes less their returns (an open one's stake counts)."),
      ),
    }),
    v.description(
      "The counter's tickets taken in the period (their bets count in `book` too; their cash is not a punter's).",
    ),
  ),
});

export const DailyFigures = v.array(v.object({ date: Day, staked: Coins, returned: Coins, hold: Coins }));

export const Statement = v.object({
  from: Day,
  to: Day,
  tz: v.string(),
  punter: PunterFigure,
  bets: v.pipe(v.array(Bet), v.description("Bets placed or settled in the period.")),
  movements: v.array(
    v.object({ id: Id, kind: LedgerKind, amount: Coins, ref: v.nullable(v.string()), createdAt: Instant }),
  ),
});

export const DownloadLink = v.object({ url: v.string(), fileName: v.string() });

export const PublicConfig = v.object({
  botUsername: v.pipe(
    v.nullable(v.string()),
    v.description('The bot\'s username without "@" (for invite links); null when neither configured nor known.'),
  ),
});

export const SettlementSize = v.object({
  bets: v.pipe(v.number(), v.integer()),
  coins: Coins,
  undoUntil: v.pipe(Instant, v.description("Until when the result can be undone.")),
});

export const EventTypes = v.array(v.object({ eventTypeName: v.string() }));
export const Countries = v.array(v.object({ countryName: v.string() }));
export const CreatedBook = v.object({ bookmakerId: Id });
export const CreatedDraft = v.object({ eventId: Id });
export const PublishedEvent = v.object({ id: Id });

/** GET /openapi.json: the document itself, described as far as a client needs. */
export const OpenApiDocument = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.looseObject({})),
});

const AuditValue = v.pipe(
  v.nullable(v.record(v.string(), v.unknown())),
  v.description("JSON as the action keeps it: odds as decimal coefficients, coins as amounts."),
);

/** What an audit row records (docs/rules/audit.md, "Audit"); PRICE is a price offered. */
export const AuditAction = v.picklist([
  "PUBLISH",
  "OUTCOMES",
  "CLOSE",
  "LIVE",
  "SUSPEND",
  "DATES",
  "ODDS",
  "NR",
  "RESULT",
  "ABANDON",
  "UNDO",
  "COINS_ADDED",
  "COINS_WITHDRAWN",
  "LIMITS",
  "PRICE",
  "CASH_OUT_SETTING",
  "CASH_OUT",
  "STAFF",
  "TICKET_PAID",
]);

export const CashOutSetting = v.object({
  enabled: v.pipe(v.boolean(), v.description("Cash out offered to the book's punters (off by default).")),
  margin: v.pipe(v.number(), v.description("What the book keeps of a fair cash-out value, 0 to 0.5 (default 0.05).")),
});

const Unavailable = v.pipe(
  v.picklist(["OFF", "STARTED", "SUSPENDED", "SETTLED", "TOO_SMALL"]),
  v.description(
    "Why there is no offer: the book has cash out off, an event has started, a selection is suspended, the bet is settled, or the value is under 0.01.",
  ),
);

export const CashOutOffer = v.object({
  betId: v.optional(Id),
  multipleId: v.optional(Id),
  value: v.pipe(Coins, v.description("What it is cashed out for now, rounded down to the cent once.")),
  coefficientNow: v.pipe(
    v.nullable(v.number()),
    v.description("A single's price now, the bookmaker's own, as the value was worked out at; null for a multiple."),
  ),
});

const OfferOrWhyNot = v.union([
  CashOutOffer,
  v.object({
    betId: v.optional(Id),
    multipleId: v.optional(Id),
    reason: Unavailable,
    message: v.pipe(v.string(), v.description("The reason in the caller's words.")),
  }),
]);

export const CashOutOffers = v.object({
  bets: v.pipe(v.array(OfferOrWhyNot), v.description("One per open single (an each-way bet once, by its WIN row).")),
  multiples: v.array(OfferOrWhyNot),
});

export const AuditEntry = v.object({
  at: Instant,
  actor: v.pipe(
    v.object({ userId: Id, username: v.string() }),
    v.description("Who made the change; the system (an alarm, retention, the equalizer) is user 0, system."),
  ),
  action: AuditAction,
  eventId: v.nullable(Id),
  itemId: v.nullable(Id),
  userId: v.pipe(v.nullable(Id), v.description("The user the change is about: a punter, or for STAFF a staff member.")),
  username: v.pipe(
    v.nullable(v.string()),
    v.description(
      "That user's Telegram username, so he is named even when he is no punter of the book; null when userId is.",
    ),
  ),
  before: AuditValue,
  after: AuditValue,
  note: v.nullable(v.string()),
});

export const AuditLog = v.array(AuditEntry);

export const OfferedPrices = v.array(v.object({ itemId: Id, at: Instant, coefficient: v.number() }));
