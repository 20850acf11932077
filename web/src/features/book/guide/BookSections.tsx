import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";

/**
 * A guide sentence with its bold words marked `<0>…</0>` (as Lingui's Trans marks an element):
 * one message for translators, who move the marks with the words.
 */
export const withBold = (message: string): ReactNode[] =>
  message.split(/<0>(.*?)<\/0>/).map((part, i) => (i % 2 ? <b key={i}>{part}</b> : part));

/** The guide's first part: the book, the profile and subscription, punters and coins. */
export function BookSections() {
  return (
    <>
      <h3>{t`Your book in a nutshell`}</h3>
      <p>
        {t`You run your own book for the punters you know. You give them coins, you publish events with odds, they bet their coins, and you settle the result. 1 coin = 1 USD. How coins are paid for in real life is between you and your punters: write it in your terms. The app takes no part in those settlements.`}
      </p>

      <h3>{t`Profile and subscription`}</h3>
      <ul>
        <li>{t`Your nickname is 8 to 16 characters, Latin letters and digits only. Names are unique.`}</li>
        <li>{t`Your terms (up to 150 characters) are shown to every punter before he joins you.`}</li>
        <li>
          {t`The subscription lasts 30 days and is paid in Telegram Stars; the first 30 days are 50% off. You can renew in the Market from eight days before the current period ends.`}
        </li>
        <li>
          {withBold(
            t`With your first subscription you get <0>10,000 coins</0> in your pool, once. More coins are sold in the Market as packages.`,
          )}
        </li>
        <li>
          {t`If the subscription expires your book shows in red to punters and you cannot start new events. Your data is kept for 60 days.`}
        </li>
      </ul>

      <h3>{t`Punters and coins`}</h3>
      <ul>
        <li>{t`Share your invite link. A punter who opens it, or finds you in search, sends a join request.`}</li>
        <li>{t`Approve or deny requests under My Punters. Coins can be given only to confirmed (approved) punters.`}</li>
        <li>
          {t`Giving coins moves them from your pool ("My coins") to the punter; taking coins back moves them to your pool. Keep a note on each punter, only you see it.`}
        </li>
        <li>{t`When your pool drops below 1,000 coins you will be reminded to buy more.`}</li>
      </ul>
    </>
  );
}
