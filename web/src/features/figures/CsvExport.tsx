import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { DownloadLink } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { downloadCsv } from "./download";
import { useWebApp } from "@/telegram/context";

/** Export CSV: Telegram's download prompt where the client has one, else a link to tap (it carries a short-lived ticket). */
export function CsvExport({ linkOf }: { linkOf: () => Promise<DownloadLink> }) {
  const webApp = useWebApp();
  const [link, setLink] = useState<DownloadLink | null>(null);
  const exporting = useAction({ text: () => t`Export failed, try again.` });
  const exportNow = () =>
    exporting.run(async () => {
      const answer = await linkOf();
      setLink(downloadCsv(webApp, answer) ? null : answer);
    });
  const fileName = link?.fileName ?? "";
  return (
    <div className="fig-export">
      <button type="button" className="button" onClick={() => void exportNow()} disabled={exporting.busy}>
        {t`Export CSV`}
      </button>
      {link && (
        <a className="fig-link" href={link.url} download={link.fileName} target="_blank" rel="noreferrer">
          {t`Download ${fileName}`}
        </a>
      )}
      {exporting.error && <p className="error-text">{exporting.error}</p>}
    </div>
  );
}
