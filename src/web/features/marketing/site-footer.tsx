import { Link } from "react-router";
import { useAuth } from "../../app/auth-provider.js";

/** The footer of public pages and the dashboard: product, company and legal links. */
export function SiteFooter() {
  const { status } = useAuth();
  const account =
    status === "signed-in" ? { to: "/dashboard", label: "Dashboard" } : { to: "/auth", label: "Sign in" };
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 font-bold">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            Courtside
          </Link>
          <p className="mt-3 text-sm text-muted">Fair courts, happy players. Pickleball club management.</p>
        </div>
        <FooterColumn
          title="Product"
          links={[{ to: "/features", label: "Features" }, { to: "/pricing", label: "Pricing" }, account]}
        />
        <FooterColumn title="Company" links={[{ to: "/about", label: "About" }]} />
        <FooterColumn
          title="Legal"
          links={[
            { to: "/privacy", label: "Privacy Policy" },
            { to: "/terms", label: "Terms of Service" },
          ]}
        />
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-sm text-muted">
        © {new Date().getFullYear()} Courtside. All rights reserved.
      </p>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-muted hover:text-brand-700">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
