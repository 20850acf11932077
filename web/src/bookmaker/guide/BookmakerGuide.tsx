import { Sheet } from "../../ui/Sheet";

/** The Bookmaker's Guide: how the book works, in a bookmaker's words. */
export function BookmakerGuide({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Sheet open={open} onClose={onClose} title="Bookmaker's Guide">
      <div className="bk-guide">
        <h3>Your book in a nutshell</h3>
        <p>
          You run your own book for the punters you know. You give them coins, you publish events with odds, they bet
          their coins, and you settle the result. 1 coin = 1 USD. How coins are paid for in real life is between you and
          your punters: write it in your terms. The app takes no part in those settlements.
        </p>

        <h3>Profile and subscription</h3>
        <ul>
          <li>Your nickname is 8 to 16 characters, Latin letters and digits only. Names are unique.</li>
          <li>Your terms (up to 150 characters) are shown to every punter before he joins you.</li>
          <li>
            The subscription lasts 30 days and is paid in Telegram Stars; the first 30 days are 50% off. You can renew
            in the Market from eight days before the current period ends.
          </li>
          <li>
            With your first subscription you get <b>10,000 coins</b> in your pool, once. More coins are sold in the
            Market as packages.
          </li>
          <li>
            If the subscription expires your book shows in red to punters and you cannot start new events. Your data is
            kept for 60 days.
          </li>
        </ul>

        <h3>Punters and coins</h3>
        <ul>
          <li>Share your invite link. A punter who opens it, or finds you in search, sends a join request.</li>
          <li>Approve or deny requests under My Punters. Coins can be given only to confirmed (approved) punters.</li>
          <li>
            Giving coins moves them from your pool ("My coins") to the punter; taking coins back moves them to your
            pool. Keep a note on each punter, only you see it.
          </li>
          <li>When your pool drops below 1,000 coins you will be reminded to buy more.</li>
        </ul>

        <h3>Events and odds</h3>
        <ul>
          <li>
            An event is a sport and a country, a description, a start date and time, and a list of outcomes (at least
            two: horses, teams, players…). Each outcome has odds from the standard ladder, from 1.005 (1/200) to 1001
            (1000/1).
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
            <b>Save and Start</b> publishes the event: punters can bet until the start time, then betting stops by
            itself.
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
          outcomes punters back and lengthens the others (never beyond twice your own odds), always on the ladder, so
          that as the money grows your book returns about the chosen share of the stakes. Your odds are the starting
          point; punters bet at the current odds. While the equalizer is on you cannot set odds by hand. Max Total
          Payout also acts as the equalizer's cushion: the bigger it is, the less the first bets move the odds.
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
            Set PLACE to 1 for the winning outcome(s) and press <b>End Event</b>. Winning bets are paid stake × odds,
            the others are lost to your pool. With no outcome at place 1 there is no winner and all bets are refunded.
          </li>
          <li>
            <b>Abandon and copy of event</b> closes the event with no result and refunds every bet, then offers a copy
            prefilled in the new event form, for a race that is re-run.
          </li>
          <li>Finished events are in Event history for 30 days, with each outcome's result.</li>
        </ul>

        <h3>Messages you may see</h3>
        <ul>
          <li>
            "Insufficient currency. You can purchase more in the store." — your pool is empty: buy coins in the Market.
          </li>
          <li>"Bookmaker subscription not found." — renew your subscription in the Market.</li>
          <li>"Event is suspended. Please try again later." — what a punter sees when betting on a suspended event.</li>
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
      </div>
    </Sheet>
  );
}
