import { useParams } from "wouter";
import { Placeholder } from "../../ui/Placeholder";

export function HistoryOfUserScreen() {
  const { username } = useParams<{ username: string }>();
  return <Placeholder title={`History of ${username}`} />;
}
