// Titles and descriptions of the public pages: the server writes them into the HTML it sends
// (link previews and crawlers do not run scripts), and the client sets the title as people
// move between pages.
export type PageMeta = { title: string; description: string };

const SITE = "Courtside";

export const defaultMeta: PageMeta = {
  title: `${SITE} · Pickleball club management`,
  description:
    "Courtside runs your pickleball club: sessions, check-in, a fair court queue, a live court board and an Elo ladder.",
};

const publicPages: Record<string, PageMeta> = {
  "/": defaultMeta,
  "/features": {
    title: `Features · ${SITE}`,
    description:
      "Scheduling and paid sessions, QR check-in, a fair rotation engine for open play, a live court board for the club's TV, and an Elo ladder from real results.",
  },
  "/pricing": {
    title: `Pricing · ${SITE}`,
    description:
      "Basic and Pro plans for pickleball clubs, with a 30-day free trial. No card needed to start.",
  },
  "/about": {
    title: `About · ${SITE}`,
    description:
      "Why we built Courtside: open play that runs itself, fairly, with the paddles off the fence.",
  },
  "/privacy": {
    title: `Privacy · ${SITE}`,
    description: "What Courtside keeps about you, why, and for how long.",
  },
  "/terms": { title: `Terms · ${SITE}`, description: "The terms of using Courtside." },
  "/auth": {
    title: `Sign in · ${SITE}`,
    description: "Sign in to Courtside, or create an account to join your club.",
  },
};

/** The public page's own title and description, or the site's. */
export function pageMeta(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return publicPages[path] ?? defaultMeta;
}

/** A club's public page, as previews show it. */
export function clubPageMeta(club: {
  name: string;
  location: string | null;
  description: string | null;
}): PageMeta {
  const where = club.location ? ` in ${club.location}` : "";
  return {
    title: `${club.name} · ${SITE}`,
    description:
      club.description?.trim() ||
      `${club.name}, a pickleball club${where}. Sessions, open play and the ladder on ${SITE}.`,
  };
}
