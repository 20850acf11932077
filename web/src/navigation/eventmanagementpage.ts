/** Navigation state of /eventmanagementpage/:eventId: `at: "result"` opens it at the placings (the card's Result). */
export interface EventManagementState {
  at?: "result";
}
