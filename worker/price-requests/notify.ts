import type { QueueMessage } from "../notifications/messages";
import { askedMessages, punterMessages } from "../notifications/price-request-messages";

// What the bot says when requests change (docs/rules/price-requests.md): built after the change
// committed, from what D1 holds then.

/** A new request: the owner's and each manager's message with its buttons. */
export const askedNotices = (db: D1Database, requestId: number) => askedMessages(db, requestId);

/** Requests answered or expired: every copy of the book's message edited, and the punter told. */
export async function changedNotices(db: D1Database, requestIds: number[]): Promise<QueueMessage[]> {
  const messages: QueueMessage[] = [];
  for (const requestId of requestIds) {
    messages.push({ edit: "PRICE_REQUEST", requestId }, ...(await punterMessages(db, requestId)));
  }
  return messages;
}
