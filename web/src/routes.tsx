import type { ComponentType } from "react";
import { Redirect, Route, Switch } from "wouter";
import { BookiesScreen } from "./screens/bookies/BookiesScreen";
import { BookmakerEventsScreen } from "./screens/bookmakerevents/BookmakerEventsScreen";
import { CreateEventScreen } from "./screens/createeventpage/CreateEventScreen";
import { CreateProfileScreen } from "./screens/createprofile/CreateProfileScreen";
import { EventHistoryScreen } from "./screens/eventhistorypage/EventHistoryScreen";
import { EventManagementScreen } from "./screens/eventmanagementpage/EventManagementScreen";
import { EventsScreen } from "./screens/events/EventsScreen";
import { FiguresRoute, StatementRoute } from "./screens/figures/lazy";
import { HistoryScreen } from "./screens/history/HistoryScreen";
import { HistoryOfUserScreen } from "./screens/historyofuser/HistoryOfUserScreen";
import { HomeScreen } from "./screens/home/HomeScreen";
import { SplashScreen } from "./screens/index/SplashScreen";
import { MainpageScreen } from "./screens/mainpage/MainpageScreen";
import { MarketpageScreen } from "./screens/marketpage/MarketpageScreen";
import { PlayerManagementScreen } from "./screens/playermanagement/PlayerManagementScreen";
import { RenewSubscriptionScreen } from "./screens/renewsubscription/RenewSubscriptionScreen";
import { SubscriptionScreen } from "./screens/subscription/SubscriptionScreen";

/** The spec's route list (section 2), in its order. */
export const ROUTES: ReadonlyArray<{ path: string; screen: ComponentType }> = [
  { path: "/", screen: SplashScreen },
  { path: "/home", screen: HomeScreen },
  { path: "/bookies", screen: BookiesScreen },
  { path: "/events/:bookieName", screen: EventsScreen },
  { path: "/history/:bookieName", screen: HistoryScreen },
  { path: "/subscription", screen: SubscriptionScreen },
  { path: "/renewsubscription", screen: RenewSubscriptionScreen },
  { path: "/createprofile", screen: CreateProfileScreen },
  { path: "/mainpage", screen: MainpageScreen },
  { path: "/playermanagement", screen: PlayerManagementScreen },
  { path: "/historyofuser/:username", screen: HistoryOfUserScreen },
  { path: "/bookmakerevents", screen: BookmakerEventsScreen },
  { path: "/eventmanagementpage/:eventId", screen: EventManagementScreen },
  { path: "/createeventpage", screen: CreateEventScreen },
  { path: "/eventhistorypage", screen: EventHistoryScreen },
  { path: "/marketpage", screen: MarketpageScreen },
  // Beyond the spec (DESIGN.md section 7): settling up with punters.
  { path: "/figures", screen: FiguresRoute },
  { path: "/figures/punter/:userId", screen: StatementRoute },
];

export function AppRoutes() {
  return (
    <Switch>
      {ROUTES.map(({ path, screen }) => (
        <Route key={path} path={path} component={screen} />
      ))}
      {/* Any path not listed goes to the splash. */}
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
