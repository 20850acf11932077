import { doc } from "../lib/route-doc";
import { PublicConfig } from "./answers";

export const config = doc({
  tag: "Service",
  summary: "The web app's configuration",
  description:
    "What the web app learns at start-up, so one build serves any deployment: the bot's username (for invite links), null when it is not known.",
  answer: PublicConfig,
  caller: "public",
});
