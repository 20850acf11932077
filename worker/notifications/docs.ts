import { doc } from "../lib/route-doc";
import { NotificationSettings } from "./answers";

export const settings = doc({
  tag: "Notifications",
  summary: "The caller's notification settings",
  description:
    "Which of the bot's messages the caller wants (join requests, results, coins, new events, big bets over a stake), and whether the bot may write to him at all (`canWrite`).",
  answer: NotificationSettings,
});

export const change = doc({
  tag: "Notifications",
  summary: "Change notification settings",
  description:
    "Turns the caller's messages on or off; any of the fields, the others stay. `bigBetsOver`: coins (null turns big-bet messages off). Answers the settings.",
  answer: NotificationSettings,
});
