import { EVENT_SUSPENDED, INSUFFICIENT_CURRENCY, SUBSCRIPTION_NOT_FOUND } from "@common/refusals";
/** The guide's second part: events and odds, the equalizer, editing, settlement, messages, features. */
export function EventSections() {
  return (
    <>
      <h3>Events and odds</h3>
      <ul>
        <li>
          An event is a sport and a country, a description, a start date and time, and a list of outcomes (at least two:
          horses, teams, players…). Each outcome has odds from the standard ladder, from 1.005 (1/200) to 1001 (1000/1).
        </li>
        <li>
          <b>Max Total Payout</b> caps what you can lose on any single outcome: a bet is refused when what the outcome
          would pay out goes above it.
        </li>
        <li>
          <b>Return for punters</b> (0.50 to 0.95, or 0.01) is the share of the money staked that the equalizer's odds
          aim to give back to punters; the rest is your margin.
        </li>
        <li>
          <b>Save and Start</b> publishes the event: punters can bet until the start time, then betting stops by itself.
        </li>
        <li>Each punter may place one bet per outcome of an event, whatever its size.</li>
        <li>
          With a balance of 0 or below you cannot create new events, but you can still manage and close the ones you
          have.
        </li>
      </ul>

      <h3>The equalizer bot</h3>
      <p>
        Turn on the Equalizer Bot and the odds follow the money: as bets come in, the bot shortens the odds of the
        outcomes punters back and lengthens the others (never beyond twice your own odds), always on the ladder, so that
        as the money grows your book returns about the chosen share of the stakes. Your odds are the starting point;
        punters bet at the current odds. While the equalizer is on you cannot set odds by hand. Max Total Payout also
        acts as the equalizer's cushion: the bigger it is, the less the first bets move the odds.
      </p>

      <h3>Editing a live event</h3>
      <ul>
        <li>
          <b>Draft</b> suspends a live event: no bets are taken while you edit. Change the date and time (an old start
          time stays visible, struck through), the odds, the max payout or the return, then <b>Save</b> to put it live
          again.
        </li>
        <li>
          <b>Non-runners</b>: mark outcomes NR and press <b>Calc</b>. They are withdrawn one by one, their bets
          refunded, and the remaining odds recalculated. If fewer than two outcomes are left, the event is closed and
          every bet refunded.
        </li>
        <li>
          <b>WHAT IF</b> shows, per outcome, what you would win or lose should it win (with the What if? feature from
          the Market).
        </li>
      </ul>

      <h3>Settlement</h3>
      <ul>
        <li>
          Set PLACE to 1 for the winning outcome(s) and press <b>End Event</b>. Winning bets are paid stake × odds, the
          others are lost to your pool. With no outcome at place 1 there is no winner and all bets are refunded.
        </li>
        <li>
          <b>Abandon and copy of event</b> closes the event with no result and refunds every bet, then offers a copy
          prefilled in the new event form, for a race that is re-run.
        </li>
        <li>Finished events are in Event history for 30 days, with each outcome's result.</li>
      </ul>

      <h3>Messages you may see</h3>
      <ul>
        <li>"{INSUFFICIENT_CURRENCY}" — your pool is empty: buy coins in the Market.</li>
        <li>"{SUBSCRIPTION_NOT_FOUND}" — renew your subscription in the Market.</li>
        <li>"{EVENT_SUSPENDED}" — what a punter sees when betting on a suspended event.</li>
      </ul>

      <h3>Special features</h3>
      <ul>
        <li>
          <b>What if?</b> shows your result per outcome before settlement.
        </li>
        <li>
          <b>Fractional Odds</b> lets you and your punters see odds as 5/2 instead of 3.5.
        </li>
      </ul>
    </>
  );
}
