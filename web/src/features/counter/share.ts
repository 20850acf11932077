import { encode } from "uqr";
import { spacedCode } from "@common/ticket-code";

// A ticket to hand over as a picture: its QR code and its code below, drawn on a canvas as a PNG,
// shared through the device's share sheet (Telegram is one of its targets) where the client has
// the Web Share API with files; elsewhere the ticket is shown to be photographed.

const MODULE_PX = 8;
const TEXT_PX = 40;

/** The ticket as a PNG file, or null where the browser cannot draw one. */
export async function ticketPicture(code: string): Promise<File | null> {
  const { data, size } = encode(code, { border: 2, ecc: "M" });
  const side = size * MODULE_PX;
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side + TEXT_PX * 2;
  const g = canvas.getContext("2d");
  if (!g) return null;
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000";
  data.forEach((row, y) =>
    row.forEach((dark, x) => dark && g.fillRect(x * MODULE_PX, y * MODULE_PX, MODULE_PX, MODULE_PX)),
  );
  g.font = `bold ${TEXT_PX}px ui-monospace, Menlo, monospace`;
  g.textAlign = "center";
  g.fillText(spacedCode(code), side / 2, side + TEXT_PX * 1.2);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  return blob && new File([blob], `ticket-${code}.png`, { type: "image/png" });
}

/** Whether the client shares files (the Web Share API, level 2). */
export const sharesFiles = () => typeof navigator.canShare === "function" && typeof navigator.share === "function";

/** Shares the ticket's picture; false when the client would not take it (the ticket is still shown). */
export async function shareTicket(code: string, text: string): Promise<boolean> {
  const file = await ticketPicture(code);
  if (!file || !navigator.canShare({ files: [file] })) return false;
  try {
    await navigator.share({ files: [file], text });
    return true;
  } catch {
    return false; // dismissed, or refused: nothing to undo
  }
}
