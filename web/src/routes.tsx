import { Suspense, type ComponentType } from "react";
import { Redirect, Route, Switch } from "wouter";
import type { Id, Me } from "@worker/contract";
import { fetchEarly } from "@/api/early";
import { SplashScreen } from "@/features/home/SplashScreen";
import { preloadable } from "@/ui/preloadable";
import { ScreenLoading } from "@/ui/ScreenLoading";

type Params = Record<string, string>;

interface ScreenRoute {
  path: string;
  screen: ComponentType;
  /** Downloads the screen's code (none for the splash, which is in the first bundle). */
  code?: () => Promise<unknown>;
  /** Starts the screen's first reads (api/early.ts), so they run beside its code, not after it. */
  reads?: (params: Params) => void;
}

/**
 * A screen that loads with its first visit, or earlier when preloaded (preloadScreen): the first
 * screen (the splash) carries none of the others, so a punter on a phone downloads only what he
 * opens.
 */
function onFirstVisit<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  reads?: ScreenRoute["reads"],
): Omit<ScreenRoute, "path"> {
  const { Component, preload } = preloadable(load, pick);
  return { screen: Component, code: preload, reads };
}

/** Home's first data: the profile, and what the Bookie button decides on (features/home/useBookieButton.tsx). */
function readHome() {
  void fetchEarly("GET /subscriptions/mine");
  void fetchEarly("GET /bookmakers/authorizeMe")?.then(
    (me: Me) =>
      me.bookmakerDto &&
      fetchEarly("GET /subscriptions/active/:bookmakerId", { params: { bookmakerId: me.bookmakerDto.bookmakerId } }),
    () => {}, // home reads it again and shows its own error
  );
}

/** The bookmaker lists, and the profile that leaves his own book out of the search. */
function readBookies() {
  void fetchEarly("GET /bookmakers");
  void fetchEarly("GET /bookmakers/authorizeMe");
}

/** A bookmaker's events for the punter and the punter's coins there. */
function readEvents({ bookieName }: Params) {
  const bookmakerId: Id = Number(bookieName);
  if (!Number.isSafeInteger(bookmakerId) || bookmakerId <= 0) return;
  void fetchEarly("GET /player/events/:bookmakerId", { params: { bookmakerId } });
  void fetchEarly("GET /balances/:bookmakerId", { params: { bookmakerId } });
}

/** The route list (docs/rules/screens.md, "Screens and Back"), in the spec's order. */
export const ROUTES: readonly ScreenRoute[] = [
  { path: "/", screen: SplashScreen },
  {
    path: "/home",
    ...onFirstVisit(
      () => import("@/features/home/HomeScreen"),
      (m) => m.HomeScreen,
      readHome,
    ),
  },
  {
    path: "/bookies",
    ...onFirstVisit(
      () => import("@/features/bookies/BookiesScreen"),
      (m) => m.BookiesScreen,
      readBookies,
    ),
  },
  {
    path: "/events/:bookieName",
    ...onFirstVisit(
      () => import("@/features/betting/EventsScreen"),
      (m) => m.EventsScreen,
      readEvents,
    ),
  },
  {
    path: "/history/:bookieName",
    ...onFirstVisit(
      () => import("@/features/history/HistoryScreen"),
      (m) => m.HistoryScreen,
    ),
  },
  {
    path: "/subscription",
    ...onFirstVisit(
      () => import("@/features/market/SubscriptionScreen"),
      (m) => m.SubscriptionScreen,
    ),
  },
  {
    path: "/renewsubscription",
    ...onFirstVisit(
      () => import("@/features/market/RenewSubscriptionScreen"),
      (m) => m.RenewSubscriptionScreen,
    ),
  },
  {
    path: "/createprofile",
    ...onFirstVisit(
      () => import("@/features/profile/CreateProfileScreen"),
      (m) => m.CreateProfileScreen,
    ),
  },
  {
    path: "/mainpage",
    ...onFirstVisit(
      () => import("@/features/book/MainpageScreen"),
      (m) => m.MainpageScreen,
    ),
  },
  {
    path: "/playermanagement",
    ...onFirstVisit(
      () => import("@/features/punters/PlayerManagementScreen"),
      (m) => m.PlayerManagementScreen,
    ),
  },
  {
    path: "/historyofuser/:username",
    ...onFirstVisit(
      () => import("@/features/punters/HistoryOfUserScreen"),
      (m) => m.HistoryOfUserScreen,
    ),
  },
  {
    path: "/bookmakerevents",
    ...onFirstVisit(
      () => import("@/features/event-lists/BookmakerEventsScreen"),
      (m) => m.BookmakerEventsScreen,
    ),
  },
  {
    path: "/eventmanagementpage/:eventId",
    ...onFirstVisit(
      () => import("@/features/event-editing/draft/EventManagementScreen"),
      (m) => m.EventManagementScreen,
    ),
  },
  {
    path: "/counter",
    ...onFirstVisit(
      () => import("@/features/counter/CounterScreen"),
      (m) => m.CounterScreen,
    ),
  },
  {
    path: "/counter/:eventId",
    ...onFirstVisit(
      () => import("@/features/counter/CounterEventScreen"),
      (m) => m.CounterEventScreen,
    ),
  },
  {
    path: "/ticket",
    ...onFirstVisit(
      () => import("@/features/counter/CheckTicketScreen"),
      (m) => m.CheckTicketScreen,
    ),
  },
  {
    path: "/createeventpage",
    ...onFirstVisit(
      () => import("@/features/event-editing/new/CreateEventScreen"),
      (m) => m.CreateEventScreen,
    ),
  },
  {
    path: "/eventhistorypage",
    ...onFirstVisit(
      () => import("@/features/event-lists/EventHistoryScreen"),
      (m) => m.EventHistoryScreen,
    ),
  },
  {
    path: "/marketpage",
    ...onFirstVisit(
      () => import("@/features/market/MarketpageScreen"),
      (m) => m.MarketpageScreen,
    ),
  },
  // Beyond the spec (docs/decisions/figures.md, "Figures"): settling up with punters.
  {
    path: "/figures",
    ...onFirstVisit(
      () => import("@/features/figures/FiguresScreen"),
      (m) => m.FiguresScreen,
    ),
  },
  {
    path: "/figures/punter/:userId",
    ...onFirstVisit(
      () => import("@/features/figures/StatementScreen"),
      (m) => m.StatementScreen,
    ),
  },
  // Beyond the spec (docs/decisions/api.md, "The liability board"): what each result would cost.
  {
    path: "/liability",
    ...onFirstVisit(
      () => import("@/features/liability/LiabilityScreen"),
      (m) => m.LiabilityScreen,
    ),
  },
  // Beyond the spec (docs/decisions/figures.md, "Audit log and price history"): what changed, who changed it.
  {
    path: "/changes",
    ...onFirstVisit(
      () => import("@/features/changes/ChangesScreen"),
      (m) => m.ChangesScreen,
    ),
  },
];

/** The params of `path` if it is shown by the route `pattern` ("/events/:bookieName"), else null. */
function match(pattern: string, path: string): Params | null {
  const found = new RegExp(`^${pattern.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`).exec(path);
  return found ? { ...found.groups } : null;
}

/**
 * Starts loading the screen at `path` before it is opened: its code now, its first reads once
 * `signedIn` settles (at once, unless the start-up's sign-in is still under way). Answers when
 * its code is in (never failing: a failed download shows when the screen is opened, and is
 * tried again then).
 */
export function preloadScreen(path: string, signedIn: Promise<unknown> = Promise.resolve()): Promise<unknown> {
  for (const route of ROUTES) {
    const params = match(route.path, path);
    if (!params) continue;
    if (route.reads) void signedIn.then(() => route.reads?.(params));
    return route.code?.().catch(() => {}) ?? Promise.resolve();
  }
  return Promise.resolve();
}

/** A button's or link's handlers that preload the screen it opens as a finger or pointer comes to it. */
export function preloadOn(path: string) {
  const preload = () => preloadScreen(path);
  return { onPointerDown: preload, onPointerEnter: preload, onFocus: preload };
}

export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        {ROUTES.map(({ path, screen }) => (
          <Route key={path} path={path} component={screen} />
        ))}
        {/* Any path not listed goes to the splash. */}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
