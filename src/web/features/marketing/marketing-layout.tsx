import { Menu, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "../../components/ui/button.js";
import { SiteFooter } from "./site-footer.js";

const links = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
];

/** The public pages' frame: header with navigation and sign-in, and the footer. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-100 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" className="h-8 w-8" /> Courtside
          </Link>
          <nav aria-label="Main" className="hidden gap-1 md:flex">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-ink"
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto hidden items-center gap-2 md:flex">
            <Button asChild variant="ghost">
              <Link to="/auth">Sign In</Link>
            </Button>
            <Button asChild>
              <Link to="/auth?mode=sign-up">Start Free Trial</Link>
            </Button>
          </div>
          {/* The data- attributes let the landing page's HTML (sent without the app) open it too. */}
          <Button
            variant="ghost"
            size="icon"
            className="ml-auto md:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            data-menu-button=""
            onClick={() => setOpen(!open)}
          >
            <span hidden={!open} data-menu-icon="">
              <X className="h-5 w-5" />
            </span>
            <span hidden={open} data-menu-icon="">
              <Menu className="h-5 w-5" />
            </span>
          </Button>
        </div>
        <nav
          aria-label="Main"
          hidden={!open}
          data-menu=""
          className="flex flex-col gap-1 border-t border-slate-100 px-4 py-3 md:hidden"
        >
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-lg px-3 py-2 font-medium"
              onClick={() => setOpen(false)}
            >
              {link.label}
            </Link>
          ))}
          <Link to="/auth" className="rounded-lg px-3 py-2 font-medium">
            Sign In
          </Link>
          <Button asChild className="mt-2">
            <Link to="/auth?mode=sign-up">Start Free Trial</Link>
          </Button>
        </nav>
      </header>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}

/** A page heading band shared by the inner public pages. */
export function PageHero({ title, lead }: { title: string; lead: string }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 text-center">
      <h1 className="mx-auto max-w-3xl text-4xl font-black tracking-tight sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{lead}</p>
    </section>
  );
}
