/**
 * Navigation state of /eventmanagementpage/:eventId: `at: "result"` opens it at the placings (the
 * card's Result); `from: "liability"` sends Back to the liability board it was opened from.
 */
export interface EventManagementState {
  at?: "result";
  from?: "liability";
}
