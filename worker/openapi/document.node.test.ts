import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, it } from "vitest";
import { app } from "../app";
import { contractDocument } from "./document";

it("is a valid OpenAPI 3.1 document", async () => {
  const validator = new Validator();
  const result = await validator.validate(await contractDocument(app));
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});
