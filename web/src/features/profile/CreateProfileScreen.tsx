import { t } from "@lingui/core/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { nameError, termsError } from "@common/profile";
import { useOwnBook } from "./book";
import "@/styles/bookmaker.css";
import { useUserId } from "@/store/auth";
import { useProfile, useProfileName, useProfileTerms } from "@/store/profile";
import { usePaymentConfirmation } from "@/features/market/paid";
import { PaymentNotice } from "@/features/market/PaymentNotice";
import { useClosingConfirmation } from "@/telegram/features";
import { Page } from "@/ui/Page";
import { NameField, TermsField } from "./ProfileFields";
import type { CreateProfileState } from "@/navigation/createprofile";
import { useSaveProfile } from "./useSaveProfile";
import { commonText } from "@/i18n/common-words";

export function CreateProfileScreen() {
  const editing = useHistoryState<CreateProfileState | null>()?.from === "mainpage";
  const [, navigate] = useLocation();
  const { book, refresh } = useOwnBook();
  const name = useProfileName();
  const terms = useProfileTerms();
  const setName = useProfile((s) => s.setName);
  const setTerms = useProfile((s) => s.setTerms);
  const [touched, setTouched] = useState({ name: false, terms: false });
  const saving = useSaveProfile(refresh);
  // He comes here as soon as Telegram says paid: the API refuses a profile until its webhook
  // has applied the subscription, so Create waits for it (he can type meanwhile).
  const payment = usePaymentConfirmation(useUserId(), "BOOKMAKER");
  const awaitingPayment = !editing && payment.state === "confirming";

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
  const shownNameError = touched.name ? commonText(nameProblem) : null;
  const shownTermsError = touched.terms ? commonText(termsProblem) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ name: true, terms: true });
    if (nameProblem || termsProblem || awaitingPayment) return;
    if (await saving.save(book, name.trim(), terms)) navigate("/mainpage", { replace: !editing });
  }

  return (
    <Page backTo={editing ? "/mainpage" : "/home"} className="bk">
      <h1 className="page-title">{editing ? t`Edit profile` : t`Create profile`}</h1>
      <p className="hint">{t`Punters find you by this name. Your terms tell them how coins are paid for.`}</p>
      {!editing && <PaymentNotice payment={payment} />}
      <form className="bk-form" onSubmit={submit} noValidate>
        <NameField
          value={name}
          error={shownNameError ?? saving.nameError}
          onChange={(value) => {
            setName(value);
            setTouched((was) => ({ ...was, name: true }));
            saving.nameChanged();
          }}
        />
        <TermsField
          value={terms}
          error={shownTermsError}
          onChange={(value) => {
            setTerms(value);
            setTouched((was) => ({ ...was, terms: true }));
          }}
        />
        {saving.formError && (
          <p className="bk-error bk-form-error" role="alert">
            {saving.formError}
          </p>
        )}
        <button type="submit" className="button button-wide" disabled={saving.busy || awaitingPayment}>
          {editing ? t`Edit` : t`Create`}
        </button>
      </form>
    </Page>
  );
}
