import { useParams } from "wouter";
import { Placeholder } from "../../ui/Placeholder";

/** The punter's bets with one bookmaker; the route parameter holds the bookmaker id. */
export function HistoryScreen() {
  const { bookieName } = useParams<{ bookieName: string }>();
  return <Placeholder title="History" backTo={`/events/${encodeURIComponent(bookieName)}`} />;
}
