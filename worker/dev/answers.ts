import * as v from "valibot";
import { Instant } from "../lib/wire";

// What dev/routes.ts answers (dev mode only).

export const DevPayment = v.object({
  invoiceId: v.string(),
  applied: v.pipe(v.boolean(), v.description("false: applied before.")),
});

export const DevInitData = v.object({ initData: v.string() });

export const Outbox = v.array(
  v.object({
    chatId: v.number(),
    text: v.string(),
    button: v.nullable(v.object({ text: v.string(), url: v.string() })),
    createdAt: Instant,
  }),
);
