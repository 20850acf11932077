import { t } from "@lingui/core/macro";
import { useBackWhileLoading } from "./useBackButton";

/**
 * Shown while a screen's code arrives: a moment, or longer on a slow network after a reload.
 * Not a Page, whose back step is the screen's own: a Back pressed meanwhile is kept for the
 * screen that shows next (useBackWhileLoading).
 */
export function ScreenLoading() {
  useBackWhileLoading();
  return (
    <main className="page" aria-busy="true">
      <p className="hint">{t`Loading...`}</p>
    </main>
  );
}
