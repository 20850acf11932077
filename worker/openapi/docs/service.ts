import * as answers from "../answers";
import { doc } from "../describe";

export const health = doc({
  tag: "Service",
  summary: "Health",
  description: "Answers while the API runs.",
  answer: answers.Ok,
  caller: "public",
});

export const config = doc({
  tag: "Service",
  summary: "The web app's configuration",
  description:
    "What the web app learns at start-up, so one build serves any deployment: the bot's username (for invite links), null when it is not known.",
  answer: answers.PublicConfig,
  caller: "public",
});

export const openApi = doc({
  tag: "Service",
  summary: "This document",
  description: "The API's OpenAPI 3.1 document, generated from its routes and their schemas.",
  answer: answers.OpenApiDocument,
  caller: "public",
});

export const reference = doc({
  tag: "Dev",
  summary: "The API reference page",
  description: "This document as a page (Scalar), to read the routes and try them.",
  answer: "text/html",
  caller: "public",
  devOnly: true,
});
