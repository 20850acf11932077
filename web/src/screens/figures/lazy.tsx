import { lazy, Suspense } from "react";
import { Page } from "../../ui/Page";

// The figures screens load with their first visit: a punter's first screen never carries them.

const Figures = lazy(() => import("./FiguresScreen").then((m) => ({ default: m.FiguresScreen })));
const Statement = lazy(() => import("./StatementScreen").then((m) => ({ default: m.StatementScreen })));

const loading = (
  <Page className="bk">
    <p className="bk-empty">Loading...</p>
  </Page>
);

export const FiguresRoute = () => (
  <Suspense fallback={loading}>
    <Figures />
  </Suspense>
);

export const StatementRoute = () => (
  <Suspense fallback={loading}>
    <Statement />
  </Suspense>
);

const Mine = lazy(() => import("./MyFigures").then((m) => ({ default: m.MyFigures })));

/** The punter's own figures on his history screen, loaded after the bets they sit beside. */
export const MyFiguresSection = ({ bookmakerId }: { bookmakerId: number }) => (
  <Suspense fallback={null}>
    <Mine bookmakerId={bookmakerId} />
  </Suspense>
);
