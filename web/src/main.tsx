import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { launch } from "@/start/launch";
import { keepThemeReadable } from "@/telegram/theme";
import "@/styles/app.css";

// Before the first paint: the theme Telegram set is already on the root.
keepThemeReadable();

// Launch outside React so it runs exactly once, even under StrictMode's double effects.
const launched = launch();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App launch={launched} />
  </StrictMode>,
);
