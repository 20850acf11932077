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
 * 'Save as draft': makes the draft (or brings a kept one up to date). `keep` is told of a draft
 * as soon as it exists, so a later save or start reuses it.
 */
export async function keepDraft(body: DraftBody, kept: KeptDraft | null, keep: (draft: KeptDraft) => void): Promise<Id> {
  let draftId: Id;
  if (kept && kept.fixed === fixedPart(body)) {
    draftId = kept.id;
    const items = body.items.map((i) => {
      const odds = ladderOdds(i.coefficient);
      return { ...i, fractalCoefficient: odds ? fractionalText(odds) : "", currCoefficient: i.coefficient };
    });
    await bookCall(`/drafts/${draftId}/updateCoefficients`, "POST", { items, rule4: body.rule4, deadHeat: body.deadHeat });
    await bookCall(`/events/${draftId}/modifyDates`, "POST", { startDate: body.startDate, endDate: body.endDate });
    await bookCall(`/events/${draftId}/coefficients`, "POST", { returnPrice: body.returnPrice, maxTotalPayout: body.maxTotalPayout });
  } else {
    ({ eventId: draftId } = await bookCall<{ eventId: Id }>("/drafts", "POST", body));
    keep({ id: draftId, fixed: fixedPart(body) });
  }
  return draftId;
}

/** 'Save and Start': the draft kept up to date, then published. */
export async function saveAndStart(body: DraftBody, kept: KeptDraft | null, keep: (draft: KeptDraft) => void): Promise<Id> {
  const draftId = await keepDraft(body, kept, keep);
  await bookCall<{ id: Id }>("/events", "POST", { draftId });
  return draftId;
}
