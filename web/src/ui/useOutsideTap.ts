import { useEffect, useEffectEvent, type RefObject } from "react";

/** While `on`, a tap anywhere outside `inside` calls `onOutside` (with its latest props). */
export function useOutsideTap(on: boolean, inside: RefObject<HTMLElement | null>, onOutside: () => void) {
  const outside = useEffectEvent(onOutside);
  useEffect(() => {
    if (!on) return;
    const onDown = (e: Event) => {
      if (inside.current && !inside.current.contains(e.target as Node)) outside();
    };
    // Pointer events where there are any; mouse events for the rest.
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("mousedown", onDown);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("mousedown", onDown);
    };
  }, [on, inside]);
}
