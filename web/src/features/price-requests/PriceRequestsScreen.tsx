import { t } from "@lingui/core/macro";
import { useParams } from "wouter";
import "@/styles/bookmaker.css";
import { useBookHome } from "@/features/profile/book";
import { Page } from "@/ui/Page";
import { useOpenPriceRequests } from "./api";
import { PriceRequestsPanel } from "./PriceRequestsPanel";

const idOf = (param: string | undefined) => (param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : undefined);

/**
 * The book's open price requests, the one a bot message's Counter button named
 * (`startapp=pr_<id>`) on top; when it is no longer open (answered from the message, expired),
 * the screen says so above the others.
 */
export function PriceRequestsScreen() {
  const requestId = idOf(useParams<{ requestId: string }>().requestId);
  const { pending, offered } = useOpenPriceRequests();
  const gone =
    requestId !== undefined &&
    pending !== undefined &&
    offered !== undefined &&
    ![...pending, ...offered].some((r) => r.id === requestId);
  return (
    <Page backTo={useBookHome()} className="bk">
      <h1 className="page-title">{t`Price requests`}</h1>
      {gone && <p className="bk-card">{t`This request has been answered or has expired.`}</p>}
      <PriceRequestsPanel first={requestId} always />
    </Page>
  );
}
