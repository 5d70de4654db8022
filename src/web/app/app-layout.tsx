import { LogOut, Menu, Settings, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { can } from "../../shared/domain/capabilities.js";
import { Button } from "../components/ui/button.js";
import { useJoinRequests } from "../features/members/api.js";
import { TrainingButton } from "../features/training/training-button.js";
import { cn } from "../lib/cn.js";
import { useAuth } from "./auth-provider.js";
import { clubLabels } from "./club-labels.js";
import { useOrganization } from "./organization-provider.js";

const links = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/board", label: "Court Board" },
  { to: "/ladder", label: "Ladder" },
  { to: "/sessions", label: "Sessions" },
  { to: "/billing", label: "Billing" },
  { to: "/members", label: "Members" },
  { to: "/membership", label: "Membership" },
];

/** The signed-in shell: the top navigation above the page. */
export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}

function TopNav() {
  const { signOut } = useAuth();
  const { current } = useOrganization();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Admins see how many join requests wait for them, next to Members.
  const requests = useJoinRequests(current?.id, can(current?.role, "joinRequests.review"));
  const badges: Record<string, number> = { "/members": requests.data?.length ?? 0 };

  const handleSignOut = async () => {
    await signOut();
    navigate("/auth", { replace: true });
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/dashboard" className="flex min-w-0 items-center gap-2 font-bold">
          {current?.logoUrl ? (
            <img src={current.logoUrl} alt="" className="h-8 w-8 shrink-0 rounded-md object-cover" />
          ) : (
            <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
          )}
          {/* Two lines before an ellipsis: beside the organizer's icons a phone cut the club's own
              name to "Riverside Pickleball C…". */}
          <span className="line-clamp-2 leading-tight">{current?.name ?? "Courtside"}</span>
        </Link>
        <OrganizationSwitcher className="hidden md:block" />
        <nav aria-label="Main" className="ml-4 hidden shrink-0 items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavItem key={link.to} to={link.to} label={link.label} count={badges[link.to]} />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {/* The tutorials are for the people who run the club. */}
          {current && can(current.role, "sessions.manage") ? <TrainingButton /> : null}
          {/* On a phone, Settings and Sign out live in the menu: the club's name needs the room. */}
          <Button
            asChild
            variant="ghost"
            size="icon"
            className="max-sm:hidden"
            aria-label="Settings"
            title="Settings"
          >
            <Link to="/settings">
              <Settings className="h-5 w-5" />
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="max-sm:hidden"
            aria-label="Sign out"
            title="Sign out"
            onClick={handleSignOut}
          >
            <LogOut className="h-5 w-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </Button>
        </div>
      </div>
      {open ? (
        <nav aria-label="Main" className="border-t border-slate-200 px-4 py-3 lg:hidden">
          <OrganizationSwitcher className="mb-3 md:hidden" />
          <div className="grid grid-cols-2 gap-1">
            {links.map((link) => (
              <NavItem
                key={link.to}
                to={link.to}
                label={link.label}
                count={badges[link.to]}
                onClick={() => setOpen(false)}
              />
            ))}
          </div>
          <div className="mt-2 grid grid-cols-2 gap-1 border-t border-slate-200 pt-2 sm:hidden">
            <NavItem to="/settings" label="Settings" onClick={() => setOpen(false)} />
            <button
              type="button"
              onClick={handleSignOut}
              className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink"
            >
              Sign out
            </button>
          </div>
        </nav>
      ) : null}
    </header>
  );
}

function NavItem({
  to,
  label,
  count,
  onClick,
}: {
  to: string;
  label: string;
  count?: number;
  onClick?: () => void;
}) {
  return (
    <NavLink
      to={to}
      onClick={onClick}
      className={({ isActive }) =>
        cn(
          // Below lg it is a row of the phone's menu: a thumb's height.
          // Never broken inside a word: beside a long club name, the name gives way, not "Ladde r".
          "inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap max-lg:min-h-11",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-600 hover:bg-slate-100 hover:text-ink",
        )
      }
    >
      {label}
      {count ? (
        <span className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-ball px-1 text-xs font-bold text-ink">
          {count}
          <span className="sr-only"> pending</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/** Shown only when the person belongs to more than one club. */
function OrganizationSwitcher({ className }: { className?: string }) {
  const { organizations, current, select } = useOrganization();
  if (organizations.length < 2 || !current) return null;
  const labels = clubLabels(organizations);
  return (
    <label className={className}>
      <span className="sr-only">Club</span>
      <select
        value={current.id}
        onChange={(event) => select(event.target.value)}
        title={labels.get(current.id)}
        className="h-9 max-w-48 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        {organizations.map((org) => (
          <option key={org.id} value={org.id}>
            {labels.get(org.id)}
          </option>
        ))}
      </select>
    </label>
  );
}
