import { t } from "@lingui/core/macro";
import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { useMe } from "@/features/profile/me";
import { i18n } from "@/i18n/runtime";
import { useUserId } from "@/store/auth";
import { useActiveSubscriptions, useMySubscriptions } from "@/features/market/active";
import { CONFIRMING_TEXT, NOT_CONFIRMED_TEXT, usePaymentConfirmation } from "@/features/market/paid";
import { Dialog } from "@/ui/Dialog";
import { bookieDestination, type BookieDestination } from "./bookie-destination";

/**
 * Loads what the Bookie button needs as soon as home shows, so a tap rarely has to wait.
 * Answers the tap handler, whether a tap is waiting for that data (the button shows it is busy,
 * and goes on by itself once the data is in) and what to show meanwhile: a failed load with
 * Retry, or a paid subscription being confirmed (a user who has just paid is never sent to pay
 * again).
 */
export function useBookieButton(): [onBookie: () => void, busy: boolean, notice: ReactNode] {
  const [, navigate] = useLocation();
  const me = useMe();
  const subscriptions = useActiveSubscriptions(me.data?.bookmakerDto?.bookmakerId);
  const mine = useMySubscriptions();
  const payment = usePaymentConfirmation(useUserId(), "BOOKMAKER");
  const [waitingForPayment, setWaiting] = useState(false);
  // A tap while the profile or subscriptions load: nothing happens until they are in (the spec), then it acts.
  const [tapped, setTapped] = useState(false);
  // Read during render: SWR re-renders only for the fields a render used.
  const destination = bookieDestination(me.data, subscriptions.data, mine.data);
  const offersToPay = destination?.to === "/subscription" || destination?.to === "/marketpage";

  const go = ({ to, ...options }: BookieDestination) => navigate(to, options);

  // Once the payment he waited for is applied, he goes on by himself (leaving the screen ends the wait).
  const goOn = useEffectEvent(() => destination && go(destination));
  const arrived = tapped && destination !== null;
  // A tap that waited for the data waits on, like any tap, for a payment being confirmed.
  const waiting = waitingForPayment || (arrived && offersToPay && payment.state !== "none");
  const confirmed = waiting && payment.state === "none" && destination !== null;
  useEffect(() => {
    if (confirmed) goOn();
  }, [confirmed]);

  const onBookie = () => {
    if (!destination) return setTapped(true);
    if (offersToPay && payment.state !== "none") return setWaiting(true);
    go(destination);
  };

  // The tap that waited acts once the data is in (and any payment being confirmed is applied).
  const actNow = arrived && !waiting;
  const actOnTap = useEffectEvent(() => destination && go(destination));
  useEffect(() => {
    if (actNow) actOnTap();
  }, [actNow]);

  const failed = [me, subscriptions, mine].some((r) => r.error !== undefined && r.data === undefined);
  const retry = () => Promise.all([me.mutate(), subscriptions.mutate(), mine.mutate()]);

  const stopWaiting = () => {
    setWaiting(false);
    setTapped(false);
  };
  let notice: ReactNode = null;
  if (tapped && failed)
    notice = (
      <Dialog
        open
        onClose={() => setTapped(false)}
        buttons={[
          { label: t`Cancel`, onClick: () => setTapped(false) },
          { label: t`Retry`, onClick: () => void retry(), primary: true },
        ]}
      >
        <p role="alert">{t`Unexpected error.`}</p>
      </Dialog>
    );
  if (waiting && payment.state === "confirming")
    notice = (
      <Dialog open onClose={stopWaiting}>
        <p role="status">{i18n._(CONFIRMING_TEXT)}</p>
      </Dialog>
    );
  if (waiting && payment.state === "late") {
    const { dismiss } = payment;
    notice = (
      <Dialog
        open
        onClose={() => {
          dismiss();
          stopWaiting();
        }}
      >
        <p role="alert">{i18n._(NOT_CONFIRMED_TEXT)}</p>
      </Dialog>
    );
  }
  return [onBookie, tapped && destination === null && !failed, notice];
}
