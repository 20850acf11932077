import { nameAnswers, type Tag } from "../lib/route-doc";
import * as answers from "./answers";

// What a route says of itself in /openapi.json is its doc(), in lib/route-doc.ts so that the
// docs.ts beside every folder's routes may call it, and re-exported here. The document's own
// words are here: its tags, and the answers it names (every folder's, gathered by answers.ts).

export { doc, DEV_ONLY, REFUSALS, type Caller, type RouteDoc } from "../lib/route-doc";

/** The reference page's groups. */
export const TAGS: Record<Tag, string> = {
  Identity: "Signing in, and who the caller is.",
  Bookmakers: "A bookmaker's profile, and the books a punter can join.",
  Memberships: "Join requests: a punter asks, the bookmaker approves or declines.",
  Balances: "Coins: the bookmaker's pool, his punters' balances, the ledger.",
  Events: "A bookmaker's events: drafts, publishing, odds, non-runners, results.",
  Betting: "What a punter sees and stakes.",
  Counter: "Cash bets taken at the pitch by the book and its staff, and their tickets.",
  Figures: "Who owes whom for a period, settled in cash off the platform.",
  Audit: "What changed in a book and who changed it, and the prices punters were offered.",
  Subscriptions: "The market: subscriptions and coin packages, paid in Telegram Stars.",
  Notifications: "Which messages the bot sends the caller.",
  "Price requests":
    "A bet the box refused, asked of the book: answered by its owner or a manager (here or from the bot's message) and taken by the punter within 60 s.",
  Sharing: "Cards of bets, multiples, results and books for the caller to send to a Telegram chat.",
  Telegram: "Calls from Telegram itself.",
  Service: "Health, configuration and this document.",
  Dev: "Local development only (DEV_MODE=true); without it these routes answer 404.",
};

/** Hands doc()'s conversions every answer answers.ts gathers, each to be named in components/schemas. */
export const nameEveryAnswer = () => nameAnswers(answers);
