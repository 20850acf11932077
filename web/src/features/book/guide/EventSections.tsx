import { t } from "@lingui/core/macro";
import { EVENT_SUSPENDED, INSUFFICIENT_CURRENCY, SUBSCRIPTION_NOT_FOUND } from "@common/refusals";
import { withBold } from "./BookSections";
import { commonText } from "@/i18n/common-words";
/** The guide's second part: events and odds, the equalizer, editing, settlement, messages, features. */
export function EventSections() {
  // The server's refusals as the bookmaker reads them, quoted in his language.
  const insufficient = commonText(INSUFFICIENT_CURRENCY);
  const noSubscription = commonText(SUBSCRIPTION_NOT_FOUND);
  const suspended = commonText(EVENT_SUSPENDED);
  return (
    <>
      <h3>{t`Events and odds`}</h3>
      <ul>
        <li>
          {t`An event is a sport and a country, a description, a start date and time, and a list of outcomes (at least two: horses, teams, players…). Each outcome has odds from the standard ladder, from 1.005 (1/200) to 1001 (1000/1).`}
        </li>
        <li>
          {withBold(
            t`<0>Max Total Payout</0> caps what you can lose on any single outcome: a bet is refused when what the outcome would pay out goes above it.`,
          )}
        </li>
        <li>
          {withBold(
            t`<0>Return for punters</0> (0.50 to 0.95, or 0.01) is the share of the money staked that the equalizer's odds aim to give back to punters; the rest is your margin.`,
          )}
        </li>
        <li>
          {withBold(
            t`<0>Save and Start</0> publishes the event: punters can bet until the start time, then betting stops by itself.`,
          )}
        </li>
        <li>{t`Each punter may place one bet per outcome of an event, whatever its size.`}</li>
        <li>
          {t`With a balance of 0 or below you cannot create new events, but you can still manage and close the ones you have.`}
        </li>
      </ul>

      <h3>{t`The equalizer bot`}</h3>
      <p>
        {t`Turn on the Equalizer Bot and the odds follow the money: as bets come in, the bot shortens the odds of the outcomes punters back and lengthens the others (never beyond twice your own odds), always on the ladder, so that as the money grows your book returns about the chosen share of the stakes. Your odds are the starting point; punters bet at the current odds. While the equalizer is on you cannot set odds by hand. Max Total Payout also acts as the equalizer's cushion: the bigger it is, the less the first bets move the odds.`}
      </p>

      <h3>{t`Editing a live event`}</h3>
      <ul>
        <li>
          {withBold(
            t`<0>Draft</0> suspends a live event: no bets are taken while you edit. Change the date and time (an old start time stays visible, struck through), the odds, the max payout or the return, then <0>Save</0> to put it live again.`,
          )}
        </li>
        <li>
          {withBold(
            t`<0>Non-runners</0>: mark outcomes NR and press <0>Calc</0>. They are withdrawn one by one, their bets refunded, and the remaining odds recalculated. If fewer than two outcomes are left, the event is closed and every bet refunded.`,
          )}
        </li>
        <li>
          {withBold(
            t`<0>WHAT IF</0> shows, per outcome, what you would win or lose should it win (with the What if? feature from the Market).`,
          )}
        </li>
      </ul>

      <h3>{t`Settlement`}</h3>
      <ul>
        <li>
          {withBold(
            t`Set PLACE to 1 for the winning outcome(s) and press <0>End Event</0>. Winning bets are paid stake × odds, the others are lost to your pool. With no outcome at place 1 there is no winner and all bets are refunded.`,
          )}
        </li>
        <li>
          {withBold(
            t`<0>Abandon and copy of event</0> closes the event with no result and refunds every bet, then offers a copy prefilled in the new event form, for a race that is re-run.`,
          )}
        </li>
        <li>{t`Finished events are in Event history for 30 days, with each outcome's result.`}</li>
      </ul>

      <h3>{t`Messages you may see`}</h3>
      <ul>
        <li>{t`"${insufficient}" — your pool is empty: buy coins in the Market.`}</li>
        <li>{t`"${noSubscription}" — renew your subscription in the Market.`}</li>
        <li>{t`"${suspended}" — what a punter sees when betting on a suspended event.`}</li>
      </ul>

      <h3>{t`Special features`}</h3>
      <ul>
        <li>{withBold(t`<0>What if?</0> shows your result per outcome before settlement.`)}</li>
        <li>{withBold(t`<0>Fractional Odds</0> lets you and your punters see odds as 5/2 instead of 3.5.`)}</li>
      </ul>
    </>
  );
}
