import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerLists, Id } from "@worker/contract";
import type { EventsState } from "@/navigation/events";
import { findBookmaker } from "./bookmakers";

/**
 * A deep link's bookmaker: an approved punter goes on to his events; anyone else finds him
 * already typed in the search box (`typeIn`), ready to ask to join.
 */
export function useDeepLink(shown: Id | undefined, lists: BookmakerLists | undefined, typeIn: (name: string) => void) {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(false);
  const linked = shown === undefined ? undefined : findBookmaker(lists, shown);
  const status = linked?.joinRequestStatus;
  const name = linked?.bookmakerName;
  useEffect(() => {
    if (shown !== undefined && name !== undefined && status === "APPROVED")
      navigate(`/events/${shown}`, { replace: true, state: { name } satisfies EventsState });
  }, [shown, name, status, navigate]);
  // Typed in once, when the lists first name him; set while rendering, so the box never shows empty first.
  if (!typed && name !== undefined && status !== "APPROVED" && status !== "CREATED") {
    setTyped(true);
    typeIn(name);
  }
}
