import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "@/store/auth";
import { call } from "./call";
import { fetchEarly, forgetEarlyAnswers, takeEarly } from "./early";
import { json, stubApi } from "@/test/network";

// Early reads (a tap's, the start-up wait's) stand in only for a screen opened now: an old one,
// or one a write may have changed, is never shown (the browser checks caught a stale /bookies).

const TOKEN = "t";
const PATH = "/bookmakers";

describe("an early answer", () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetEarlyAnswers();
  });

  function start() {
    useAuth.setState({ token: TOKEN });
    stubApi({
      "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [] }),
      "POST /bookmakers/5/sign": () => json({}),
    });
    return fetchEarly("GET /bookmakers");
  }

  it("is handed to the screen's first fetch once, while fresh", async () => {
    await start();
    expect(takeEarly(PATH, TOKEN)).toBeDefined();
    expect(takeEarly(PATH, TOKEN)).toBeUndefined();
  });

  it("is dropped once 5 s old: the screen asks afresh", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await start();
    vi.setSystemTime(Date.now() + 5_001);
    expect(takeEarly(PATH, TOKEN)).toBeUndefined();
  });

  it("is dropped by any write, which may have changed it", async () => {
    await start();
    await call("POST /bookmakers/:id/sign", { params: { id: 5 } });
    expect(takeEarly(PATH, TOKEN)).toBeUndefined();
  });
});
