// Formats a message as Lingui compiles it (its CLI, its Vite plugin, or compileMessage): a string,
// or tokens that are text, a value `[name]`, or `[name, type, format]` for number, plural,
// selectordinal and select (dates and times are formatted by the code, not in messages), with `#` in a plural case standing for the number. The same
// semantics as @lingui/core's interpolate (a test holds the two equal on every catalogue message),
// in a fraction of its size: the mini-app's first screen has a budget, and the worker's bot and
// refusals word their messages with it too.

export type CompiledToken = string | [name: string, type?: string, format?: unknown];
export type CompiledMessage = string | CompiledToken[];
export type Values = Record<string, unknown>;

const memo = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
function cached<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = memo.get(key) as T | undefined;
  if (!found) memo.set(key, (found = make()));
  return found;
}

const numberIn = (locale: string, n: number, options?: Intl.NumberFormatOptions) =>
  cached(`n${locale}${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(n);

/** `message` in `locale` with `values`; a value left out is left out, as Lingui does. */
export function formatMessage(message: CompiledMessage, locale: string, values: Values = {}): string {
  const write = (tokens: CompiledMessage, count: number | null): string => {
    if (typeof tokens === "string") return tokens;
    let out = "";
    for (const token of tokens) {
      if (typeof token === "string") {
        out += token === "#" && count !== null ? numberIn(locale, count) : token;
        continue;
      }
      const [name, type, format] = token;
      const value = values[name];
      let piece: unknown = value;
      if (type === "plural" || type === "selectordinal") {
        const { offset = 0, ...cases } = format as Record<string, CompiledMessage> & { offset?: number };
        const n = Number(value);
        const rules = cached(
          `p${locale}${type}`,
          () => new Intl.PluralRules(locale, { type: type === "plural" ? "cardinal" : "ordinal" }),
        );
        const chosen = cases[n] ?? cases[rules.select(n - offset)] ?? cases.other;
        piece = write(chosen, n - offset);
      } else if (type === "select") {
        const cases = format as Record<string, CompiledMessage>;
        piece = write(cases[String(value)] ?? cases.other, null); // a "#" here is Lingui's literal "#"
      } else if (type === "number") {
        const options = typeof format === "string" ? { style: format as "percent" } : (format as object | undefined);
        piece = numberIn(locale, Number(value), options);
      }
      if (piece != null) out += String(piece);
    }
    return out;
  };
  return write(message, null);
}
