// The Training dialog: six admin tutorials, each a few steps over the real screens.
/** `targets`: the page parts the step explains, the first one on the page wins (the page's heading when none is). */
export type TutorialStep = { id: string; title: string; description: string; targets: readonly string[] };
export type Tutorial = { id: string; name: string; minutes: number; route: string; steps: TutorialStep[] };

export const tutorials: Tutorial[] = [
  {
    id: "dashboard",
    name: "Your dashboard",
    minutes: 2,
    route: "/dashboard",
    steps: [
      {
        id: "hero",
        targets: ['[data-tour="club-hero"]'],
        title: "Your club at a glance",
        description:
          "The dashboard opens on your club's name and location, with the two things you do most: start a session and open the court board.",
      },
      {
        id: "banner",
        targets: ['[data-tour="plan-banner"]', '[data-tour="club-hero"]'],
        title: "Your plan",
        description:
          "A banner tells you when you're on the trial and when it ends. Billing is one click away.",
      },
      {
        id: "examples",
        targets: [
          'section[aria-label="Sample statistics"]',
          '[data-testid="club-today"]',
          '[data-tour="club-hero"]',
        ],
        title: "Sample data",
        description:
          "Sample statistics show what Courtside measures. Clear Examples hides them for good once you're running real sessions.",
      },
    ],
  },
  {
    id: "members",
    name: "Members and roles",
    minutes: 3,
    route: "/members",
    steps: [
      {
        id: "list",
        targets: ['[data-tour="members-list"]'],
        title: "Your members",
        description:
          "Everyone in the club with their role. Owners and admins change roles and remove members here.",
      },
      {
        id: "invite",
        targets: ['[data-tour="invite-member"]'],
        title: "Invite by email",
        description:
          "Invite Member sends a link that works once, for seven days. Pending invitations can be resent or revoked.",
      },
      {
        id: "requests",
        targets: ['[data-tour="join-requests"]'],
        title: "Join requests",
        description:
          "Visitors ask to join from your public club page. Approve or reject them here; the count shows in the navigation.",
      },
    ],
  },
  {
    id: "sessions",
    name: "Scheduling sessions",
    minutes: 3,
    route: "/sessions",
    steps: [
      {
        id: "create",
        targets: ['[data-tour="create-session"]'],
        title: "Create a session",
        description:
          "Name, start and end in your club's time zone, an optional price per player and capacity, and a weekly repeat.",
      },
      {
        id: "register",
        targets: ['[data-testid="session-card"]', '[data-tour="session-grid"]'],
        title: "Registration and waitlist",
        description:
          "Members register from the session's page. When it's full they join the waitlist and move up automatically when someone cancels.",
      },
      {
        id: "checkin",
        targets: ['[data-testid="session-card"]', '[data-tour="session-grid"]'],
        title: "Check-in",
        description:
          "Start the session to open check-in: tick players off, add walk-ins, or let players scan the QR code.",
      },
    ],
  },
  {
    id: "courtboard",
    name: "Running the court board",
    minutes: 2,
    route: "/board",
    steps: [
      {
        id: "fill",
        targets: ['[data-tour="organizer-bar"]'],
        title: "Fill the courts",
        description:
          "Fill Courts puts the next groups on every free court, fairly: fewest games first, new partners when possible.",
      },
      {
        id: "score",
        targets: ['[data-tour="courts"]'],
        title: "Record scores",
        description:
          "When a game ends, record the score: the court gets the next group at once and the result feeds the ladder.",
      },
      {
        id: "tv",
        targets: ['[data-tour="display-links"]'],
        title: "Put it on the TV",
        description:
          "TV Display makes a link the club's TV opens without signing in. Players see their turn on their phones too.",
      },
    ],
  },
  {
    id: "ladder",
    name: "The ladder",
    minutes: 2,
    route: "/ladder",
    steps: [
      {
        id: "ratings",
        targets: ['[data-tour="ladder-table"]'],
        title: "Elo ratings",
        description: "Every recorded game moves the players' ratings, more when an underdog wins.",
      },
      {
        id: "streaks",
        targets: ['[data-tour="ladder-stats"]', '[data-tour="ladder-table"]'],
        title: "Streaks and activity",
        description: "Hot streaks, cold streaks and the most active players show at the top.",
      },
    ],
  },
  {
    id: "billing",
    name: "Plans and billing",
    minutes: 2,
    route: "/billing",
    steps: [
      {
        id: "plans",
        targets: ['[data-tour="plans"]'],
        title: "Plans",
        description: "The trial has Basic limits: 2 courts and 50 members. Pro removes the limits.",
      },
      {
        id: "portal",
        targets: ['[data-tour="billing-portal"]'],
        title: "Billing portal",
        description: "Change your card, download invoices or cancel from the billing portal.",
      },
    ],
  },
];
