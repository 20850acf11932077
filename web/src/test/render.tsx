import { render } from "@testing-library/react";
import { App } from "@/App";
import { launch, type LaunchOptions } from "@/start/launch";

/** Renders the whole app at `path`, with no start-up delay unless a test asks for one. */
export function renderApp(path = "/", options: LaunchOptions = {}) {
  window.history.replaceState(null, "", path);
  return render(<App launch={launch({ startDelayMs: 0, devMode: false, ...options })} />);
}
