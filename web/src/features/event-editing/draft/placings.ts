// The placings rule is common/each-way.ts's, which the server applies too.
export { placingsProblem } from "@common/each-way";
