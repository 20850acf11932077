import { useState } from "react";
import { emptyForm, formFromEvent, hasErrors, validateForm, type EventForm, type FormErrors } from "../form";
import type { BookmakerEvent } from "@worker/contract";

type Field = "description" | "date" | "time" | "maxTotalPayout";
const FIELDS: readonly string[] = ["description", "date", "time", "maxTotalPayout"] satisfies Field[];

/**
 * The New Event form (empty, or a copy of an abandoned event): its values, its problems, shown
 * for a field once it was touched and for all once he tried to save, and whether it holds
 * anything not saved.
 */
export function useNewEventForm(copy: BookmakerEvent | undefined) {
  const [initial] = useState<EventForm>(() => (copy ? formFromEvent(copy) : emptyForm()));
  const [form, setForm] = useState<EventForm>(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors: FormErrors = validateForm(form);

  return {
    form,
    errors,
    submitted,
    unsaved: JSON.stringify(form) !== JSON.stringify(initial),
    shown: (field: Field) => (submitted || touched[field] ? (errors[field] ?? null) : null),
    set<K extends keyof EventForm>(key: K, value: EventForm[K]) {
      setForm((f) => ({ ...f, [key]: value }));
      if (FIELDS.includes(key)) setTouched((t) => ({ ...t, [key]: true }));
    },
    change: (part: Partial<EventForm>) => setForm((f) => ({ ...f, ...part })),
    /** He tried to save: every problem shows; answers whether the form may be saved. */
    submit() {
      setSubmitted(true);
      return !hasErrors(errors);
    },
  };
}

export type NewEventForm = ReturnType<typeof useNewEventForm>;
