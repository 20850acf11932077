import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerLists, Id } from "@worker/contract";
import { useApi } from "@/api/swr";
import { useMe } from "@/features/profile/me";
import type { BookiesState } from "@/navigation/bookies";
import type { EventsState } from "@/navigation/events";
import { findBookmaker } from "./bookmakers";

/**
 * A deep link's bookmaker (`bk_<id>`), or a shared event's (`ev_<id>`, its book asked of the
 * API): an approved punter goes on to his events (at the event); the book's owner and staff to
 * the event's own screen; anyone else finds the book already typed in the search box (`typeIn`),
 * ready to ask to join. Answers the book shown, if any.
 */
export function useDeepLink(
  state: BookiesState | null,
  lists: BookmakerLists | undefined,
  typeIn: (name: string) => void,
): Id | undefined {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(false);
  const me = useMe().data;
  const eventId = state?.showEventId;
  const eventBook = useApi("GET /events/:id/book", eventId === undefined ? null : { params: { id: eventId } }).data;
  const shown = state?.showBookmakerId ?? eventBook?.bookmakerId;
  const runsIt = shown !== undefined && (me?.bookmakerDto?.bookmakerId === shown || me?.staffOf?.bookmakerId === shown);
  const linked = shown === undefined ? undefined : findBookmaker(lists, shown);
  const status = linked?.joinRequestStatus;
  const name = linked?.bookmakerName;
  useEffect(() => {
    if (runsIt && eventId !== undefined) navigate(`/eventmanagementpage/${eventId}`, { replace: true });
    else if (shown !== undefined && name !== undefined && status === "APPROVED")
      navigate(`/events/${shown}`, { replace: true, state: { name, eventId } satisfies EventsState });
  }, [runsIt, eventId, shown, name, status, navigate]);
  // Typed in once, when the lists first name him; set while rendering, so the box never shows empty first.
  if (!typed && !runsIt && name !== undefined && status !== "APPROVED" && status !== "CREATED") {
    setTyped(true);
    typeIn(name);
  }
  return shown;
}
