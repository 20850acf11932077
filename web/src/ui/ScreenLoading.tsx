/** Shown while a screen's code arrives: a moment at most. Not a Page, which would touch the back button. */
export function ScreenLoading() {
  return (
    <main className="page" aria-busy="true">
      <p className="hint">Loading...</p>
    </main>
  );
}
