import { useApi } from "@/api/swr";

/** The new bookmaker's first steps, in order (docs/decisions/screens.md, "The mini-app's screens"): each done or not, from what he has. */
export interface FirstSteps {
  event: boolean;
  invite: boolean;
  coins: boolean;
}

/**
 * His first steps as his data shows them: an event (open or settled), a punter or a request to
 * join, coins given to a punter. Read once where the main page shows them, not polled; null
 * until all are read (or when one fails), so a half-known list never flashes ticks.
 */
export function useFirstSteps(): FirstSteps | null {
  const open = useApi("GET /events", { query: { view: "open" } });
  const history = useApi("GET /events", { query: { view: "history" } });
  const balances = useApi("GET /balances");
  const requests = useApi("GET /bookmakers/requests");
  if (!open.data || !history.data || !balances.data || !requests.data) return null;
  const punters = balances.data.punters;
  return {
    event: open.data.length + history.data.length > 0,
    invite: punters.length + requests.data.length > 0,
    coins: punters.some((p) => p.money.amount > 0),
  };
}

export const allDone = (steps: FirstSteps) => steps.event && steps.invite && steps.coins;
