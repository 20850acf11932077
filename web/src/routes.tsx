import { lazy, Suspense, type ComponentType } from "react";
import { Redirect, Route, Switch } from "wouter";
import { SplashScreen } from "./screens/index/SplashScreen";
import { ScreenLoading } from "./ui/ScreenLoading";

/**
 * A screen that loads with its first visit: the first screen (the splash) carries none of the
 * others, so a punter on a phone downloads only what he opens.
 */
function onFirstVisit<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/** The route list (docs/ARCHITECTURE.md, "Screens and Back"), in the spec's order. */
export const ROUTES: ReadonlyArray<{ path: string; screen: ComponentType }> = [
  { path: "/", screen: SplashScreen },
  {
    path: "/home",
    screen: onFirstVisit(
      () => import("./screens/home/HomeScreen"),
      (m) => m.HomeScreen,
    ),
  },
  {
    path: "/bookies",
    screen: onFirstVisit(
      () => import("./screens/bookies/BookiesScreen"),
      (m) => m.BookiesScreen,
    ),
  },
  {
    path: "/events/:bookieName",
    screen: onFirstVisit(
      () => import("./screens/events/EventsScreen"),
      (m) => m.EventsScreen,
    ),
  },
  {
    path: "/history/:bookieName",
    screen: onFirstVisit(
      () => import("./screens/history/HistoryScreen"),
      (m) => m.HistoryScreen,
    ),
  },
  {
    path: "/subscription",
    screen: onFirstVisit(
      () => import("./screens/subscription/SubscriptionScreen"),
      (m) => m.SubscriptionScreen,
    ),
  },
  {
    path: "/renewsubscription",
    screen: onFirstVisit(
      () => import("./screens/renewsubscription/RenewSubscriptionScreen"),
      (m) => m.RenewSubscriptionScreen,
    ),
  },
  {
    path: "/createprofile",
    screen: onFirstVisit(
      () => import("./screens/createprofile/CreateProfileScreen"),
      (m) => m.CreateProfileScreen,
    ),
  },
  {
    path: "/mainpage",
    screen: onFirstVisit(
      () => import("./screens/mainpage/MainpageScreen"),
      (m) => m.MainpageScreen,
    ),
  },
  {
    path: "/playermanagement",
    screen: onFirstVisit(
      () => import("./screens/playermanagement/PlayerManagementScreen"),
      (m) => m.PlayerManagementScreen,
    ),
  },
  {
    path: "/historyofuser/:username",
    screen: onFirstVisit(
      () => import("./screens/historyofuser/HistoryOfUserScreen"),
      (m) => m.HistoryOfUserScreen,
    ),
  },
  {
    path: "/bookmakerevents",
    screen: onFirstVisit(
      () => import("./screens/bookmakerevents/BookmakerEventsScreen"),
      (m) => m.BookmakerEventsScreen,
    ),
  },
  {
    path: "/eventmanagementpage/:eventId",
    screen: onFirstVisit(
      () => import("./screens/eventmanagementpage/EventManagementScreen"),
      (m) => m.EventManagementScreen,
    ),
  },
  {
    path: "/createeventpage",
    screen: onFirstVisit(
      () => import("./screens/createeventpage/CreateEventScreen"),
      (m) => m.CreateEventScreen,
    ),
  },
  {
    path: "/eventhistorypage",
    screen: onFirstVisit(
      () => import("./screens/eventhistorypage/EventHistoryScreen"),
      (m) => m.EventHistoryScreen,
    ),
  },
  {
    path: "/marketpage",
    screen: onFirstVisit(
      () => import("./screens/marketpage/MarketpageScreen"),
      (m) => m.MarketpageScreen,
    ),
  },
  // Beyond the spec (docs/DECISIONS.md, "Figures"): settling up with punters.
  {
    path: "/figures",
    screen: onFirstVisit(
      () => import("./screens/figures/FiguresScreen"),
      (m) => m.FiguresScreen,
    ),
  },
  {
    path: "/figures/punter/:userId",
    screen: onFirstVisit(
      () => import("./screens/figures/StatementScreen"),
      (m) => m.StatementScreen,
    ),
  },
  // Beyond the spec (docs/DECISIONS.md, "The liability board"): what each result would cost.
  {
    path: "/liability",
    screen: onFirstVisit(
      () => import("./screens/liability/LiabilityScreen"),
      (m) => m.LiabilityScreen,
    ),
  },
  // Beyond the spec (docs/DECISIONS.md, "Audit log and price history"): what changed, who changed it.
  {
    path: "/changes",
    screen: onFirstVisit(
      () => import("./screens/changes/ChangesScreen"),
      (m) => m.ChangesScreen,
    ),
  },
];

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
