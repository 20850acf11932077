import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deferred } from "@/test/network";
import { ApiError } from "./client";
import { useAction, type ActionOptions } from "./useAction";

/** A Save button whose call the test settles by hand. */
function SaveButton({ work, options }: { work: () => Promise<unknown>; options?: ActionOptions }) {
  const save = useAction(options);
  return (
    <>
      <button type="button" onClick={() => void save.run(work)} disabled={save.busy}>
        {save.busy ? "Saving..." : "Save"}
      </button>
      {save.error && <p role="alert">{save.error}</p>}
    </>
  );
}

describe("an action", () => {
  it("is busy while its call runs and not after it", async () => {
    const answer = deferred<void>();
    render(<SaveButton work={() => answer.promise} />);
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("Saving...");
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer.resolve());
    expect(screen.getByRole("button").textContent).toBe("Save");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the failure in a user's words and is no longer busy", async () => {
    const answer = deferred<void>();
    render(
      <SaveButton
        work={() =>
          answer.promise.then(() => Promise.reject(new ApiError(409, "CONFLICT", "The event is READY_FOR_BETS.")))
        }
      />,
    );
    fireEvent.click(screen.getByRole("button"));
    await act(async () => answer.resolve());
    expect(screen.getByRole("alert").textContent).toBe("The event is live.");
    expect(screen.getByRole("button").textContent).toBe("Save");
  });

  it("says 'Unexpected error.' when the network failed, and clears it when tried again", async () => {
    let fail = true;
    render(
      <SaveButton
        work={async () => {
          if (fail) throw new TypeError("Failed to fetch");
        }}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole("button")));
    expect(screen.getByRole("alert").textContent).toBe("Unexpected error.");
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole("button")));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("takes the screen's own words and tells it of the failure", async () => {
    const failures: unknown[] = [];
    const err = new ApiError(500, "INTERNAL", "boom");
    render(
      <SaveButton
        work={() => Promise.reject(err)}
        options={{ text: () => "Failed to submit. Try again.", onError: (e) => failures.push(e) }}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole("button")));
    expect(screen.getByRole("alert").textContent).toBe("Failed to submit. Try again.");
    expect(failures).toEqual([err]);
  });

  it("drops a second run while the first is going", async () => {
    let started = 0;
    const answer = deferred<void>();
    function DoubleTap() {
      const save = useAction();
      const work = () => {
        started++;
        return answer.promise;
      };
      return (
        <button
          type="button"
          onClick={() => {
            void save.run(work);
            void save.run(work);
          }}
        >
          Save
        </button>
      );
    }
    render(<DoubleTap />);
    fireEvent.click(screen.getByRole("button"));
    await act(async () => answer.resolve());
    expect(started).toBe(1);
  });
});
