import { Page } from "./Page";

/** A screen that later work fills in: its title under the common page wrapper. */
export function Placeholder({ title, backTo }: { title: string; backTo?: string }) {
  return (
    <Page backTo={backTo}>
      <h1 className="page-title">{title}</h1>
      <p className="hint">This screen is on its way.</p>
    </Page>
  );
}
