// Local development only: dev mode on, and throwaway secrets so a fresh clone runs with no
// set-up. Never in wrangler.toml; a deployment sets real secrets with `wrangler secret put`.
export const DEV_VARS = {
  DEV_MODE: "true",
  BOT_TOKEN: "123456:dev-bot-token-not-for-production",
  JWT_SECRET: "dev-jwt-secret-not-for-production",
  WEBHOOK_SECRET: "dev-webhook-secret",
  WEB_ORIGIN: "http://localhost:5173",
};

export const varArgs = (vars = DEV_VARS) => Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
