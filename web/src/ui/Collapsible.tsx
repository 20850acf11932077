import { useId, useState, type ReactNode } from "react";
import "./controls.css";

/** A titled section that folds away; open to begin with unless told otherwise. */
export function Collapsible({
  title,
  initiallyOpen = true,
  children,
}: {
  title: string;
  initiallyOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const bodyId = useId();
  return (
    <section>
      <button
        type="button"
        className="section-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
      >
        {title}
      </button>
      {open && <div id={bodyId}>{children}</div>}
    </section>
  );
}
