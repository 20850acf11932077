// Racing rules both the API and the mini-app apply (docs/rules/racing.md, "Racing rules").

/** Rule 4 and the dead-heat rule are the trade's custom in racing: on by default there, off elsewhere. */
export const racesByDefault = (title: string) => ["Horse Racing", "Greyhound Racing"].includes(title.split(" / ")[0]);

/** How long after settling (or abandoning) a bookmaker may undo the result. */
export const UNSETTLE_WINDOW_MS = 24 * 60 * 60 * 1000;
