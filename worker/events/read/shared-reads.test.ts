import { describe, expect, it } from "vitest";
import { sharedRead } from "./shared-reads";

// The isolate's memory of reads shared by a book's punters: once per key, never a failure,
// never past a minute.

const counter = () => {
  let n = 0;
  return {
    load: async () => ++n,
    get count() {
      return n;
    },
  };
};

describe("sharedRead", () => {
  it("reads once per key while the key is kept", async () => {
    const c = counter();
    expect(await sharedRead("k1", c.load, 0)).toBe(1);
    expect(await sharedRead("k1", c.load, 1000)).toBe(1);
    expect(await sharedRead("k2", c.load, 1000)).toBe(2);
    expect(c.count).toBe(2);
  });

  it("reads again after a minute", async () => {
    const c = counter();
    await sharedRead("aged", c.load, 0);
    expect(await sharedRead("aged", c.load, 59_999)).toBe(1);
    expect(await sharedRead("aged", c.load, 60_000)).toBe(2);
  });

  it("keeps no failed read", async () => {
    await expect(sharedRead("fails", () => Promise.reject(new Error("D1 down")), 0)).rejects.toThrow("D1 down");
    expect(await sharedRead("fails", async () => "read again", 1)).toBe("read again");
  });

  it("drops the least recently used key past 256", async () => {
    const c = counter();
    await sharedRead("first", c.load, 0);
    for (let i = 0; i < 255; i++) await sharedRead(`fill${i}`, async () => i, 0);
    await sharedRead("first", c.load, 0); // used again: now the newest
    await sharedRead("one more", async () => 0, 0); // drops fill0, not "first"
    expect(await sharedRead("first", c.load, 0)).toBe(1);
    expect(await sharedRead("fill0", async () => "read again", 0)).toBe("read again");
  });
});
