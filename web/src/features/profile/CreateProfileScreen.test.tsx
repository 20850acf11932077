import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BOOK_ID, bookie, newcomer, renderAt, signedInRoutes } from "@/test/world";
import { useProfile } from "@/store/profile";
import { errorBody, json, stubApi } from "@/test/network";

async function openForm(me = newcomer, extra: Parameters<typeof stubApi>[0] = {}, state: unknown = null) {
  useProfile.setState(useProfile.getInitialState(), true);
  const calls = stubApi({ ...signedInRoutes(me), ...extra });
  renderAt("/createprofile", state);
  await screen.findByLabelText("Profile Name");
  return calls;
}

const nameInput = () => screen.getByLabelText("Profile Name");
const termsInput = () => screen.getByLabelText("Terms");
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe("the profile form", () => {
  it("says a name must be 8 to 16 characters long", async () => {
    await openForm();
    type(nameInput(), "  Shorty ");
    expect(screen.getByRole("alert").textContent).toBe("Name must be 8 to 16 characters long");
    type(nameInput(), "ThisNameIsWayTooLong");
    expect(screen.getByRole("alert").textContent).toBe("Name must be 8 to 16 characters long");
    type(nameInput(), "GoodName");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("takes a name and terms in any script, but no hidden characters", async () => {
    await openForm();
    type(nameInput(), "Букмекер Иван");
    type(termsInput(), "الدفع نقدًا فقط.\nلا ائتمان.");
    expect(screen.queryByRole("alert")).toBeNull();
    type(nameInput(), "Букмекер\u202E Иван");
    expect(screen.getByRole("alert").textContent).toBe("Text direction controls are not allowed.");
    type(nameInput(), "Букмекер Иван");
    type(termsInput(), "Оплата\u200B наличными");
    expect(screen.getByRole("alert").textContent).toBe(
      "Invisible characters (such as zero-width spaces) are not allowed.",
    );
  });

  it("counts a name's length in the characters a person sees", async () => {
    await openForm();
    // 10 seen, 19 UTF-16 units.
    type(nameInput(), "Bookie 🇬🇧🇫🇷🇪🇸");
    expect(screen.queryByRole("alert")).toBeNull();
    type(nameInput(), "🇬🇧🇫🇷🇪🇸🇧🇷");
    expect(screen.getByRole("alert").textContent).toBe("Name must be 8 to 16 characters long");
  });

  it("allows at most 150 characters of terms", async () => {
    await openForm();
    type(termsInput(), "x".repeat(151));
    expect(screen.getByRole("alert").textContent).toBe("Maximum 150 characters.");
    type(termsInput(), "x".repeat(150));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("sends nothing while the form is invalid", async () => {
    const calls = await openForm();
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByRole("alert").textContent).toBe("Name must be 8 to 16 characters long");
    expect(calls.some((c) => c.path === "/bookmakers/register")).toBe(false);
  });

  it("creates the bookmaker, then sets his terms", async () => {
    const calls = await openForm(newcomer, {
      "PUT /bookmakers/register": () => json({ bookmakerId: 9 }),
      "POST /bookmakers/9/terms": () => json({ bookmakerId: 9, bookmakerName: "GoodName", terms: "Cash" }),
    });
    type(nameInput(), " GoodName ");
    type(termsInput(), "Cash");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(window.location.pathname).toBe("/mainpage"));
    const writes = calls.filter((c) => c.method !== "GET" && c.path !== "/auth/telegram");
    expect(writes.map((c) => [c.method, c.path, c.body])).toEqual([
      ["PUT", "/bookmakers/register", { name: "GoodName" }],
      ["POST", "/bookmakers/9/terms", { terms: "Cash" }],
    ]);
  });

  it("shows a taken name clearly", async () => {
    await openForm(newcomer, { "PUT /bookmakers/register": () => errorBody(409, "NAME_TAKEN", "This name is taken.") });
    type(nameInput(), "GoodName");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This name is taken. Choose another.");
  });

  it("says 'Failed to submit. Try again.' when saving fails", async () => {
    await openForm(newcomer, { "PUT /bookmakers/register": () => new Response("", { status: 500 }) });
    type(nameInput(), "GoodName");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to submit. Try again.");
  });

  it("edits the saved profile when opened from the main page", async () => {
    const calls = await openForm(
      bookie,
      {
        "POST /bookmakers/rename": () => json(bookie.bookmakerDto),
        [`POST /bookmakers/${BOOK_ID}/terms`]: () => json(bookie.bookmakerDto),
      },
      { from: "mainpage" },
    );
    await waitFor(() => expect((nameInput() as HTMLInputElement).value).toBe("AliceBooks"));
    expect((termsInput() as HTMLTextAreaElement).value).toBe("Cash only");
    type(nameInput(), "AliceBooks2");
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    await waitFor(() => expect(window.location.pathname).toBe("/mainpage"));
    expect(calls.find((c) => c.path === "/bookmakers/rename")?.body).toEqual({ name: "AliceBooks2" });
    expect(calls.find((c) => c.path === `/bookmakers/${BOOK_ID}/terms`)?.body).toEqual({ terms: "Cash only" });
  });
});
