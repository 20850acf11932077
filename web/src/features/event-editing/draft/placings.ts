import { placingsWords } from "@common/each-way";
import { placingsText } from "@/i18n/common-words";

// The placings rule is common/each-way.ts's, which the server applies too, in the reader's words.
export const placingsProblem = (placings: { place: number }[]) => placingsText(placingsWords(placings));
