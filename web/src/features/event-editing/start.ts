import { fractionalText, ladderOdds } from "@common/odds";
import type { Id } from "@worker/contract";
import { call } from "@/api/call";
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
export async function keepDraft(
  body: DraftBody,
  kept: KeptDraft | null,
  keep: (draft: KeptDraft) => void,
): Promise<Id> {
  let draftId: Id;
  if (kept && kept.fixed === fixedPart(body)) {
    draftId = kept.id;
    const items = body.items.map((i) => {
      const odds = ladderOdds(i.coefficient);
      return { ...i, fractalCoefficient: odds ? fractionalText(odds) : "", currCoefficient: i.coefficient };
    });
    await call("POST /drafts/:draftId/updateCoefficients", {
      params: { draftId },
      body: { items, rule4: body.rule4, deadHeat: body.deadHeat, sp: body.sp, bog: body.bog },
    });
    await call("POST /events/:id/modifyDates", {
      params: { id: draftId },
      body: { startDate: body.startDate, endDate: body.endDate },
    });
    await call("POST /events/:id/coefficients", {
      params: { id: draftId },
      body: { returnPrice: body.returnPrice, maxTotalPayout: body.maxTotalPayout },
    });
  } else {
    ({ eventId: draftId } = await call("POST /drafts", { body }));
    keep({ id: draftId, fixed: fixedPart(body) });
  }
  return draftId;
}

/** 'Save and Start': the draft kept up to date, then published. */
export async function saveAndStart(
  body: DraftBody,
  kept: KeptDraft | null,
  keep: (draft: KeptDraft) => void,
): Promise<Id> {
  const draftId = await keepDraft(body, kept, keep);
  await call("POST /events", { body: { draftId } });
  return draftId;
}
