import { lazy, Suspense } from "react";

const Mine = lazy(() => import("./MyFigures").then((m) => ({ default: m.MyFigures })));

/** The punter's own figures on his history screen, loaded after the bets they sit beside. */
export const MyFiguresSection = ({ bookmakerId }: { bookmakerId: number }) => (
  <Suspense fallback={null}>
    <Mine bookmakerId={bookmakerId} />
  </Suspense>
);
