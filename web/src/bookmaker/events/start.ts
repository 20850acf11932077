import { fractionalText, ladderOdds } from "../../../../common/odds";
import type { Id } from "../../../../worker/contract";
import { bookCall } from "../call";
import type { draftBody } from "./form";

type DraftBody = ReturnType<typeof draftBody>;

/** A draft made by an earlier try whose publishing failed, and what it was made with. */
export interface KeptDraft {
  id: Id;
  fixed: string;
}

// Title, description and the equalizer cannot change on a draft: a change needs a new one.
const fixedPart = (b: DraftBody) => JSON.stringify([b.title, b.description, b.botEqualizer]);

/**
 * 'Save and Start': makes the draft (or brings a kept one up to date), then publishes it.
 * `keep` is told of a draft as soon as it exists, so a retry after a failed publish reuses it.
 */
export async function saveAndStart(body: DraftBody, kept: KeptDraft | null, keep: (draft: KeptDraft) => void): Promise<Id> {
  let draftId: Id;
  if (kept && kept.fixed === fixedPart(body)) {
    draftId = kept.id;
    const items = body.items.map((i) => {
      const odds = ladderOdds(i.coefficient);
      return { ...i, fractalCoefficient: odds ? fractionalText(odds) : "", currCoefficient: i.coefficient };
    });
    await bookCall(`/drafts/${draftId}/updateCoefficients`, "POST", { items });
    await bookCall(`/events/${draftId}/modifyDates`, "POST", { startDate: body.startDate, endDate: body.endDate });
    await bookCall(`/events/${draftId}/coefficients`, "POST", { returnPrice: body.returnPrice, maxTotalPayout: body.maxTotalPayout });
  } else {
    ({ eventId: draftId } = await bookCall<{ eventId: Id }>("/drafts", "POST", body));
    keep({ id: draftId, fixed: fixedPart(body) });
  }
  await bookCall<{ id: Id }>("/events", "POST", { draftId });
  return draftId;
}
