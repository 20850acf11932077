import { compileMessage } from "@lingui/message-utils/compileMessage";
import { formatMessage, type CompiledMessage, type Values } from "@common/i18n/format";

// The `i18n` Lingui's macros call (lingui.config.ts's runtimeConfigModule): `t` and `plural`
// become `i18n._({ id, values })`, `msg` a descriptor given to `i18n._` later. In place of
// @lingui/core's I18n (2 KB of the first screen's budget): the catalogues, the macros and the
// checks are Lingui's; formatting is common/i18n/format.ts, held equal to Lingui's by a test.

export interface MessageDescriptor {
  id: string;
  /** The English source: kept by the macro outside production builds, stripped in them. */
  message?: string;
  values?: Values;
}

export type Messages = Record<string, CompiledMessage>;

let locale = "en";
/** The language whose messages are loaded (a locale may stand for another: pseudo formats as en). */
let language = "";
let messages: Messages = {};

/**
 * A message not in the catalogue (new in the code, not yet extracted) shows its English source,
 * compiled, in dev mode and tests; a production build has no source to show (and no compiler).
 */
const compileMissing = import.meta.env.PROD ? null : compileMessage;

export const i18n = {
  get locale() {
    return locale;
  },
  get language() {
    return language;
  },
  /** Shows `next`'s messages from now on. */
  loadAndActivate(next: { language: string; locale: string; messages: Messages }) {
    language = next.language;
    locale = next.locale;
    messages = { ...next.messages };
  },
  /** More of the language's messages (a screen's, as it loads). */
  add(more: Messages) {
    Object.assign(messages, more);
  },
  _(descriptor: MessageDescriptor | string, values?: Values): string {
    const { id, message, values: given } = typeof descriptor === "string" ? { id: descriptor } : descriptor;
    const compiled = messages[id] ?? (message !== undefined && compileMissing ? compileMissing(message) : message);
    return compiled === undefined ? id : formatMessage(compiled, locale, { ...given, ...values });
  },
};
