import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { PriceRequest } from "@worker/contract";
import { ApiError } from "@/api/client";
import { errorText } from "@/api/error-text";
import { useAction } from "@/api/useAction";
import { shownTitle } from "@/i18n/common-words";
import { useHaptic } from "@/telegram/features";
import { formatAmount } from "@/ui/amount";
import { userTag } from "@/ui/bidi";
import { Countdown } from "@/ui/Countdown";
import { oddsText } from "@/ui/Odds";
import { typedCents } from "@/ui/typed-cents";
import { betReturn, useAnswerPriceRequest, useRequestContext, type Answer } from "./api";

/** "100 E/W at 5.5": a stake (each part's for each-way) and its price. */
export function stakeAtPrice(amount: number, coefficient: number, eachWay: boolean) {
  const stake = formatAmount(amount);
  const odds = oddsText(coefficient, null, false);
  return eachWay ? t`${stake} E/W at ${odds}` : t`${stake} at ${odds}`;
}

/** Decimal odds as typed ("5.5", "5,5"); null unless a number above 1. */
function typedOdds(typed: string): number | null {
  const text = typed.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const odds = Number(text);
  return odds > 1 ? odds : null;
}

/** A limit in force, or 'none'. */
const limitText = (limit: number | null) => (limit === null ? t`none` : formatAmount(limit));

/**
 * One request as the book answers it: who asks what on which outcome, his limits, his open bets
 * on the event, what the offer would make the outcome's liability; Accept, Counter (less stake
 * and/or another price) and Decline. An offer made shows its countdown until the punter takes it.
 */
export function RequestCard({ request, highlight = false }: { request: PriceRequest; highlight?: boolean }) {
  const context = useRequestContext(request);
  const answer = useAnswerPriceRequest();
  const haptic = useHaptic();
  const [countering, setCountering] = useState(false);
  const [amount, setAmount] = useState(String(request.amount));
  const [odds, setOdds] = useState(String(request.coefficient));
  const { busy, error, run } = useAction({
    text: (err) =>
      err instanceof ApiError && err.code === "NOT_FOUND" ? t`This request is no longer open.` : errorText(err),
  });

  const punter = userTag(request.username);
  const outcome = context.outcome ?? "…";
  const asked = stakeAtPrice(request.amount, request.coefficient, request.eachWay);
  const counterCents = typedCents(amount);
  const counterOdds = typedOdds(odds);
  const counterValid =
    counterCents !== null &&
    counterCents > 0 &&
    counterCents <= Math.round(request.amount * 100) &&
    counterOdds !== null &&
    (counterCents !== Math.round(request.amount * 100) || counterOdds !== request.coefficient);
  // What the outcome would pay with the offer shown (the counter as typed, else what was asked).
  const offer =
    request.offer ?? (countering && counterValid ? { amount: counterCents / 100, coefficient: counterOdds } : request);
  const offered = request.offer ? stakeAtPrice(request.offer.amount, request.offer.coefficient, request.eachWay) : "";
  const maxStake = context.limits ? limitText(context.limits.maxStake) : "";
  const maxPayout = context.limits ? limitText(context.limits.maxPayoutPerEvent) : "";
  const added = betReturn(offer.amount, offer.coefficient, request.eachWay ? context.terms : null);

  const send = (body: Answer) =>
    void run(async () => {
      await answer(request.id, body);
      haptic("success");
      setCountering(false);
    });

  return (
    <article
      className={highlight ? "bk-card pr-card pr-card-highlight" : "bk-card pr-card"}
      aria-label={t`Price request from ${punter}`}
    >
      <div className="bk-row">
        <span className="bk-strong">{punter}</span>
        {request.status === "OFFERED" && request.offer ? (
          <Countdown to={request.offer.expiresAt} />
        ) : (
          <span className="bk-muted">{t`Waiting for your answer`}</span>
        )}
      </div>
      <div>
        <span className="bk-strong">{outcome}</span>
        {context.eventTitle !== null && <span className="bk-muted"> · {shownTitle(context.eventTitle)}</span>}
      </div>
      <div>{t`Asks ${asked}`}</div>
      {request.status === "OFFERED" && request.offer && <div>{t`You offered ${offered}: waiting for the punter`}</div>}
      <dl className="pr-facts">
        {context.priceNow !== null && (
          <div>
            <dt>{t`Price now`}</dt>
            <dd>{oddsText(context.priceNow, null, false)}</dd>
          </div>
        )}
        {context.limits && (
          <div>
            <dt>{t`His limits`}</dt>
            <dd>
              {t`Max stake ${maxStake}`}
              {" · "}
              {t`Max payout per event ${maxPayout}`}
            </dd>
          </div>
        )}
        {context.openBets && (
          <div>
            <dt>{t`His open bets on this event`}</dt>
            <dd>
              {context.openBets.length === 0
                ? t`None`
                : context.openBets
                    .map((b) => `${b.outcomeTitle} ${stakeAtPrice(b.money.amount, b.coefficient, b.eachWay)}`)
                    .join(", ")}
            </dd>
          </div>
        )}
        {context.payout !== null && (
          <div>
            <dt>{t`If ${outcome} wins, the book pays`}</dt>
            <dd>
              {formatAmount(context.payout)} → {formatAmount(context.payout + added)}
            </dd>
          </div>
        )}
      </dl>

      {request.status === "PENDING" &&
        (countering ? (
          <div className="pr-counter">
            <label className="bk-field">
              <span className="bk-label">{request.eachWay ? t`Stake per part` : t`Stake`}</span>
              <input
                className="bk-input"
                inputMode="decimal"
                value={amount}
                aria-invalid={counterCents !== null && counterCents > Math.round(request.amount * 100)}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
            <label className="bk-field">
              <span className="bk-label">{t`Odds`}</span>
              <input className="bk-input" inputMode="decimal" value={odds} onChange={(e) => setOdds(e.target.value)} />
            </label>
            <p className="bk-muted">{t`At most the stake asked; the offer stands 60 seconds.`}</p>
            <div className="pr-actions">
              <button type="button" className="button button-secondary" onClick={() => setCountering(false)}>
                {t`Cancel`}
              </button>
              <button
                type="button"
                className="button"
                disabled={busy || !counterValid}
                onClick={() =>
                  send({
                    action: "COUNTER",
                    ...(counterCents !== Math.round(request.amount * 100) ? { amount: counterCents! / 100 } : {}),
                    ...(counterOdds !== request.coefficient ? { coefficient: counterOdds! } : {}),
                  })
                }
              >
                {t`Send offer`}
              </button>
            </div>
          </div>
        ) : (
          <div className="pr-actions">
            <button type="button" className="button" disabled={busy} onClick={() => send({ action: "ACCEPT" })}>
              {t`Accept`}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setCountering(true)}
            >
              {t`Counter offer`}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => send({ action: "DECLINE" })}
            >
              {t`Decline`}
            </button>
          </div>
        ))}
      {error && (
        <p className="bk-error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}
