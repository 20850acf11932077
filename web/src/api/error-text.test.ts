import { describe, expect, it } from "vitest";
import { ApiError } from "./client";
import { errorText, INSUFFICIENT_CURRENCY, poolErrorText } from "./error-text";

describe("error texts", () => {
  it("say an event status as a user would, never its internal name", () => {
    const err = new ApiError(409, "CONFLICT", "The event is CREATED; only a live event can go back to draft.");
    expect(errorText(err)).toBe("The event is a draft; only a live event can go back to draft.");
  });

  it("say a pool's shortage in the spec's words", () => {
    expect(poolErrorText(new ApiError(409, "INSUFFICIENT_COINS", "Not enough coins."))).toBe(INSUFFICIENT_CURRENCY);
    expect(INSUFFICIENT_CURRENCY).toBe("Insufficient currency. You can purchase more in the store.");
  });

  it("fall back to 'Unexpected error.' without a message from the server", () => {
    expect(errorText(new ApiError(500, "HTTP_ERROR", "HTTP 500"))).toBe("Unexpected error.");
  });
});
