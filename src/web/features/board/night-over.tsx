// A player's board once the club's night is over: where to read their night, not sample
// players. After the session ended the board fell back to its examples (made-up names and a
// Clear Examples button), which read as if tonight had been someone else's.
import { useQuery } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { Link } from "react-router";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { call } from "../../lib/api.js";

/** How long after its start a completed session is still "tonight's" on the board. */
const TONIGHT_MS = 18 * 3600_000;

/**
 * The club's session completed tonight, if any (the newest past session, started within 18
 * hours). Asked only when `wanted`: a board with a session running needs none of it.
 */
export function useNightJustOver(orgId: string, wanted: boolean, now = Date.now()) {
  return useQuery({
    queryKey: ["sessions", orgId, "past", "night-over"],
    enabled: wanted,
    queryFn: async () => {
      const { sessions } = await call(sessionsEndpoints.list, {
        params: { orgId },
        query: { scope: "past" },
      });
      const last = sessions[0];
      const tonight =
        last && last.status === "completed" && now - Date.parse(last.startsAt) < TONIGHT_MS ? last : null;
      return tonight;
    },
  });
}

export function NightOver({ session }: { session: { id: string; name: string } }) {
  return (
    // Padded above too: CardContent's own top padding expects a header, and this card has none.
    <Card data-testid="night-over" className="pt-6">
      <CardContent className="flex flex-col items-center gap-3 text-center">
        <Trophy className="h-8 w-8 text-brand-700" aria-hidden />
        <p className="text-lg font-semibold">{session.name} is over</p>
        <p className="text-muted">Your games, partners and waits tonight are on the session's page.</p>
        <Button asChild size="touch">
          <Link to={`/sessions/${session.id}`}>See your night</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
