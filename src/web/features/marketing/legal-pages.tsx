import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.js";
import { SiteFooter } from "./site-footer.js";

type Section = { heading: string; body: string[] };

const LEGAL_DATE = "October 31, 2025";

function LegalPage({ title, sections }: { title: string; sections: Section[] }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft className="h-4 w-4" /> Back to Home
          </Link>
        </Button>
        <h1 className="mt-6 text-4xl font-black">{title}</h1>
        <p className="mt-2 text-muted">Last updated {LEGAL_DATE}</p>
        {sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-bold">{section.heading}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-ink">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}

const privacy: Section[] = [
  {
    heading: "What we collect",
    body: [
      "Your account: name, email address and a hashed password. Your club's details as its admins enter them.",
      "What happens at the club: session registrations, check-ins, games, match results, ELO ratings and wait times, so the rotation and the ladder work.",
      "Optionally, a phone number for notifications, if you choose to give one.",
    ],
  },
  {
    heading: "How we use it",
    body: [
      "To run your club's sessions, court queue and ladder, to send the emails you have not turned off, and to keep the service secure.",
      "We do not sell personal data, and we do not show advertising.",
    ],
  },
  {
    heading: "Payments",
    body: [
      "Card payments for subscriptions and session fees are handled by our card payment provider. We never see or store full card numbers.",
    ],
  },
  {
    heading: "Who sees what",
    body: [
      "Members of a club see each other's names, results and rankings. A club's public page shows only its name, logo, location, description and upcoming sessions.",
      "Club owners and admins see member lists and attendance for their own club only.",
    ],
  },
  {
    heading: "Children",
    body: ["Courtside is not for children under 13, and we do not knowingly collect their data."],
  },
  {
    heading: "Your choices",
    body: [
      "You can change your notification preferences, correct your details, or ask us to delete your account and its personal data at any time.",
    ],
  },
];

const terms: Section[] = [
  {
    heading: "The service",
    body: [
      "Courtside provides club management for pickleball: sessions, check-in, court rotation, a live board, rankings and payments. You must be 13 or older to use it.",
    ],
  },
  {
    heading: "Accounts and clubs",
    body: [
      "You are responsible for your account and for what your club's admins and organizers do in it. The person who creates a club is its owner.",
    ],
  },
  {
    heading: "Plans and fees",
    body: [
      "Clubs start with a free 30-day trial. After it, a paid plan is needed to keep using the product.",
      "Subscription fees are billed in advance and are non-refundable. Session processing fees depend on your plan.",
      "We give at least 30 days' notice before changing prices or these terms.",
    ],
  },
  {
    heading: "Acceptable use",
    body: [
      "Do not misuse the service: no attempts to reach other clubs' data, no abuse of other members, no unlawful content.",
    ],
  },
  {
    heading: "Disputes",
    body: [
      "If something goes wrong, tell us first: we will try to resolve it informally for 30 days. Disputes not resolved that way go to binding arbitration.",
    ],
  },
  {
    heading: "Liability",
    body: [
      "The service is provided as is. To the extent the law allows, our liability is limited to the fees your club paid in the last twelve months.",
    ],
  },
];

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={privacy} />;
}

export function TermsPage() {
  return <LegalPage title="Terms of Service" sections={terms} />;
}
