import { Ok } from "../lib/answers";
import { doc } from "../lib/route-doc";
import { OpenApiDocument } from "./answers";

export const health = doc({
  tag: "Service",
  summary: "Health",
  description: "Answers while the API runs.",
  answer: Ok,
  caller: "public",
});

export const openApi = doc({
  tag: "Service",
  summary: "This document",
  description: "The API's OpenAPI 3.1 document, generated from its routes and their schemas.",
  answer: OpenApiDocument,
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
