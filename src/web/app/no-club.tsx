import { Link } from "react-router";
import { messages } from "../../shared/domain/messages.js";
import { Button } from "../components/ui/button.js";

/** What a club screen shows to someone who belongs to no club yet (SPEC §2 dashboard wording). */
export function NoClub() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{messages.dashboard.noOrganizationTitle}</h1>
      <p className="text-muted">{messages.dashboard.noOrganizationBody}</p>
      <Button asChild>
        <Link to="/onboarding">Create Organization</Link>
      </Button>
    </div>
  );
}
