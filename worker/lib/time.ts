/** Timestamps are ISO 8601 UTC strings everywhere: they sort as text in SQLite. */
export const nowIso = (now = Date.now()) => new Date(now).toISOString();
