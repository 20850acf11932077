import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { i18n } from "@/i18n/runtime";
import { LIMIT_PROBLEM, limitText, parseLimit } from "./limits";
import { LimitField } from "./LimitField";

/** Every limit a form may edit, with its label: the book's three, a punter's first two. */
const LABELS = {
  maxStake: msg`Max stake`,
  maxPayoutPerEvent: msg`Max payout per event`,
  maxMultiplesPayout: msg`Max multiples payout`,
};

export type LimitName = keyof typeof LABELS;
type Limits<N extends LimitName> = Record<N, number | null>;

/**
 * The limits being typed, one text per limit named in `saved`, from their saved values.
 * `typed()` gives them as coins (empty: none) when every field holds a limit; otherwise null,
 * and `problem` says why.
 */
export function useLimitsForm<N extends LimitName>(saved: Limits<N>) {
  const names = Object.keys(saved) as N[];
  const [texts, setTexts] = useState(
    () => Object.fromEntries(names.map((n) => [n, limitText(saved[n])])) as Record<N, string>,
  );
  const [problem, setProblem] = useState<string | null>(null);

  const typed = (): Limits<N> | null => {
    const limits = Object.fromEntries(names.map((n) => [n, parseLimit(texts[n])])) as Record<
      N,
      number | null | undefined
    >;
    const valid = names.every((n) => limits[n] !== undefined);
    setProblem(valid ? null : i18n._(LIMIT_PROBLEM));
    return valid ? (limits as Limits<N>) : null;
  };

  return { texts, setText: (name: N, text: string) => setTexts((t) => ({ ...t, [name]: text })), typed, problem };
}

/** The form's fields, in the order of `placeholders`, each saying what empty means. */
export function LimitFields<N extends LimitName>({
  form,
  placeholders,
}: {
  form: ReturnType<typeof useLimitsForm<N>>;
  placeholders: Record<N, string>;
}) {
  return (Object.keys(placeholders) as N[]).map((name) => (
    <LimitField
      key={name}
      label={i18n._(LABELS[name])}
      text={form.texts[name]}
      onText={(text) => form.setText(name, text)}
      placeholder={placeholders[name]}
      invalid={parseLimit(form.texts[name]) === undefined}
    />
  ));
}
