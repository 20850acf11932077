import { describe, expect, it } from "vitest";
import { errorBody, json, stubApi } from "../test/network";
import { ApiError, apiFetch } from "./client";

describe("the API client", () => {
  it("sends JSON with the JWT authorization scheme", async () => {
    const calls = stubApi({ "POST /bookmakers/rename": () => json({ bookmakerId: 1 }) });
    await apiFetch("/bookmakers/rename", { method: "POST", body: { name: "BigBookie" }, token: "tok" });
    expect(calls[0]?.headers.get("Authorization")).toBe("JWT tok");
    expect(calls[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(calls[0]?.headers.get("Accept")).toBe("application/json");
    expect(calls[0]?.body).toEqual({ name: "BigBookie" });
  });

  it("sends no authorization without a token", async () => {
    const calls = stubApi({ "GET /health": () => json({ ok: true }) });
    expect(await apiFetch("/health")).toEqual({ ok: true });
    expect(calls[0]?.headers.has("Authorization")).toBe(false);
  });

  it("throws the error body's code, message and field", async () => {
    stubApi({ "PUT /bookmakers/register": () => errorBody(400, "VALIDATION", "Name must be 8 to 16 characters long", "name") });
    const err = await apiFetch("/bookmakers/register", { method: "PUT", body: { name: "x" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: "VALIDATION", message: "Name must be 8 to 16 characters long", field: "name" });
  });

  it("throws a plain HTTP error when the body is not the API's", async () => {
    stubApi({ "GET /events": () => new Response("Bad gateway", { status: 502 }) });
    await expect(apiFetch("/events")).rejects.toMatchObject({ status: 502, code: "HTTP_ERROR" });
  });
});
