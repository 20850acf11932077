import { encode } from "uqr";

/**
 * A QR code of `text`, drawn as SVG squares from uqr's matrix (a maintained encoder, not ours):
 * black on white whatever the theme, with its quiet zone, so a phone's camera or Telegram's
 * scanner reads it off the screen.
 */
export function Qr({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2, ecc: "M" });
  const cells: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)));
  return (
    <svg className="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={cells.join("")} fill="#000" />
    </svg>
  );
}
