// `npm run bot:setup`: points the Telegram bot at the deployed worker. Sets the webhook (with
// the secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token, and the updates it reads: messages,
// pre-checkout queries, inline queries), the menu button that opens the mini-app, and the command
// list, and says whether inline mode still needs turning on in BotFather. Run it once per
// deployment address.
//
//   BOT_TOKEN=… WEBHOOK_SECRET=… WORKER_URL=https://bookie-api.example.workers.dev \
//   WEB_ORIGIN=https://bookie-mini-app.pages.dev npm run bot:setup
//
// TELEGRAM_API_URL overrides the Bot API address (default https://api.telegram.org).

const { BOT_TOKEN, WEBHOOK_SECRET, WORKER_URL, WEB_ORIGIN } = process.env;
const apiUrl = (process.env.TELEGRAM_API_URL || "https://api.telegram.org").replace(/\/+$/, "");

const missing = Object.entries({ BOT_TOKEN, WEBHOOK_SECRET, WORKER_URL, WEB_ORIGIN })
  .filter(([, value]) => !value)
  .map(([name]) => name);
if (missing.length) {
  console.error(`bot:setup needs ${missing.join(", ")} in the environment.`);
  process.exit(1);
}
// Telegram accepts only these characters in a webhook secret.
if (!/^[A-Za-z0-9_-]{1,256}$/.test(WEBHOOK_SECRET)) {
  console.error("WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -.");
  process.exit(1);
}
for (const [name, value] of Object.entries({ WORKER_URL, WEB_ORIGIN })) {
  if (!value.startsWith("https://")) {
    console.error(`${name} must be an https:// address: Telegram calls and opens only those.`);
    process.exit(1);
  }
}

async function bot(method, params) {
  const res = await fetch(`${apiUrl}/bot${BOT_TOKEN}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(params),
  });
  const answer = await res.json().catch(() => ({ ok: false, description: `HTTP ${res.status}` }));
  if (!answer.ok) throw new Error(`${method}: ${answer.description ?? "failed"}`);
  return answer.result;
}

const webhookUrl = `${WORKER_URL.replace(/\/+$/, "")}/telegram/webhook`;
try {
  await bot("setWebhook", {
    url: webhookUrl,
    secret_token: WEBHOOK_SECRET,
    allowed_updates: ["message", "pre_checkout_query", "inline_query"],
  });
  await bot("setChatMenuButton", {
    menu_button: { type: "web_app", text: "Open Bookie", web_app: { url: WEB_ORIGIN } },
  });
  await bot("setMyCommands", {
    commands: [
      { command: "start", description: "Open Bookie" },
      { command: "paysupport", description: "Help with a payment" },
    ],
  });
  const info = await bot("getWebhookInfo", {});
  console.log(`Webhook: ${info.url} (pending updates: ${info.pending_update_count})`);
  console.log(`Menu button opens ${WEB_ORIGIN}`);
  // Inline mode's switch and placeholder are BotFather's alone: the Bot API has no method for them.
  const me = await bot("getMe", {});
  if (me.supports_inline_queries) console.log(`Inline mode is on for @${me.username}.`);
  else
    console.log(
      `Inline mode is off for @${me.username}: in @BotFather send /setinline, pick @${me.username} and give the ` +
        `placeholder "Search your events…" (and, optionally, /setinlinefeedback). Sharing from the mini-app ` +
        `(shareMessage) needs it on.`,
    );
} catch (err) {
  console.error(`bot:setup failed: ${err.message}`);
  process.exit(1);
}
