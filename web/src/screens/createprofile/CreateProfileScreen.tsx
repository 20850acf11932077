import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { ApiError } from "../../api/client";
import { useAction } from "../../api/useAction";
import { useOwnBook } from "../../bookmaker/book";
import { nameError, TERMS_MAX, termsError } from "../../../../common/profile";
import "../../bookmaker/bookmaker.css";
import { useProfile, useProfileName, useProfileTerms } from "../../store/profile";
import { useClosingConfirmation } from "../../telegram/features";
import { Page } from "../../ui/Page";
import { saveProfile } from "./save-profile";
import type { CreateProfileState } from "./state";

const FAILED = "Failed to submit. Try again.";

/** A refused name is said under the name field; any other failure under the form, in the spec's words. */
function nameRefusal(err: unknown): string | null {
  if (err instanceof ApiError && err.code === "NAME_TAKEN") return "This name is taken. Choose another.";
  if (err instanceof ApiError && err.code === "VALIDATION" && err.field === "name") return err.message;
  return null;
}

export function CreateProfileScreen() {
  const editing = useHistoryState<CreateProfileState | null>()?.from === "mainpage";
  const [, navigate] = useLocation();
  const { book, refresh } = useOwnBook();
  const name = useProfileName();
  const terms = useProfileTerms();
  const setName = useProfile((s) => s.setName);
  const setTerms = useProfile((s) => s.setTerms);
  const [touched, setTouched] = useState({ name: false, terms: false });
  const [nameRefused, setNameRefused] = useState(false);
  const saving = useAction({
    text: (err) => nameRefusal(err) ?? FAILED,
    onError: (err) => {
      setNameRefused(nameRefusal(err) !== null);
      // A changed profile may have been saved in part (created, then terms failed): reload it.
      void refresh();
    },
  });
  const nameId = useId();
  const termsId = useId();

  // A saved profile fills the form (saving then edits it); otherwise the form starts empty.
  // Only when the profile first arrives: later refetches must not wipe what is being typed.
  const filledFrom = useRef<number | null>(null);
  useEffect(() => {
    if (!book || filledFrom.current === book.bookmakerId) return;
    filledFrom.current = book.bookmakerId;
    setName(book.bookmakerName);
    setTerms(book.terms);
  }, [book, setName, setTerms]);

  useClosingConfirmation(name !== (book?.bookmakerName ?? "") || terms !== (book?.terms ?? ""));

  const nameProblem = nameError(name);
  const termsProblem = termsError(terms);
  const shownNameError = touched.name ? nameProblem : null;
  const shownTermsError = touched.terms ? termsProblem : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ name: true, terms: true });
    if (nameProblem || termsProblem) return;
    await saving.run(async () => {
      await saveProfile(book, name.trim(), terms);
      await refresh();
      navigate("/mainpage", { replace: !editing });
    });
  }

  const nameMessage = shownNameError ?? (nameRefused ? saving.error : null);
  const formError = nameRefused ? null : saving.error;

  return (
    <Page backTo={editing ? "/mainpage" : undefined} className="bk">
      <h1 className="page-title">{editing ? "Edit profile" : "Create profile"}</h1>
      <p className="hint">Punters find you by this name. Your terms tell them how coins are paid for.</p>
      <form className="bk-form" onSubmit={submit} noValidate>
        <div className="bk-field">
          <label htmlFor={nameId} className="bk-label">
            Profile Name
          </label>
          <input
            id={nameId}
            className="bk-input"
            value={name}
            autoComplete="off"
            maxLength={40}
            placeholder="8 to 16 characters"
            aria-invalid={Boolean(nameMessage)}
            onChange={(e) => {
              setName(e.target.value);
              setTouched((t) => ({ ...t, name: true }));
              // The name's refusal goes away as soon as he types another.
              if (nameRefused) saving.clearError();
            }}
          />
          {nameMessage && (
            <p className="bk-error" role="alert">
              {nameMessage}
            </p>
          )}
        </div>
        <div className="bk-field">
          <label htmlFor={termsId} className="bk-label">
            Terms
          </label>
          <textarea
            id={termsId}
            className="bk-input bk-textarea"
            value={terms}
            rows={4}
            placeholder="1 coin = 1 USD / Payment via cash, card, cripto"
            aria-invalid={Boolean(shownTermsError)}
            onChange={(e) => {
              setTerms(e.target.value);
              setTouched((t) => ({ ...t, terms: true }));
            }}
          />
          <div className="bk-field-foot">
            {shownTermsError ? (
              <p className="bk-error" role="alert">
                {shownTermsError}
              </p>
            ) : (
              <span />
            )}
            <span className={terms.length > TERMS_MAX ? "bk-count bk-count-over" : "bk-count"}>
              {terms.length}/{TERMS_MAX}
            </span>
          </div>
        </div>
        {formError && (
          <p className="bk-error bk-form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-wide" disabled={saving.busy}>
          {editing ? "Edit" : "Create"}
        </button>
      </form>
    </Page>
  );
}
