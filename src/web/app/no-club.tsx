import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { demoEndpoints } from "../../shared/contracts/account-endpoints.js";
import { messages } from "../../shared/domain/messages.js";
import { Button } from "../components/ui/button.js";
import { useLoadDemoClub } from "../features/clubs/api.js";
import { call } from "../lib/api.js";
import { useOrganization } from "./organization-provider.js";

/** What a club screen shows to someone who belongs to no club yet ('No Organization Found'). */
export function NoClub() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{messages.dashboard.noOrganizationTitle}</h1>
      <p className="text-muted">{messages.dashboard.noOrganizationBody}</p>
      <Button asChild>
        <Link to="/onboarding">Create Organization</Link>
      </Button>
      <LoadDemoClub />
    </div>
  );
}

/** On a local install: a ready-made club with players, a ladder and open play running, to look around in. */
function LoadDemoClub() {
  const demo = useQuery({ queryKey: ["demo"], queryFn: () => call(demoEndpoints.availability) });
  const { select } = useOrganization();
  const navigate = useNavigate();
  const load = useLoadDemoClub({
    onSuccess: ({ organizationId }) => {
      select(organizationId);
      navigate("/board");
    },
  });
  if (!demo.data?.available) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2 border-t border-slate-200 pt-6">
      <p className="text-sm text-muted">
        Just looking? Try Courtside with a made-up club: 24 players, a ladder and open play running on 4
        courts.
      </p>
      <Button variant="secondary" onClick={() => load.run()} disabled={load.busy}>
        {load.busy ? "Building the demo club..." : "Load a demo club"}
      </Button>
    </div>
  );
}
