// Five years of a busy club, planned before anything is written: who joined when, every
// session with who came, the games on court and which of them counted on the ladder. The plan
// is pure and the same for the same size and clock, so the bulk writer (write.ts) and the
// features' own use cases (big-club.test.ts) can be handed the same club and their rows
// compared. `npm run seed:big` and the API benchmark write BIG_CLUB.
import { instantOf, wallTimeAt, weekdayAt } from "../../../shared/domain/time-zones.js";

export type BigClubSize = {
  members: number;
  sessions: number;
  /** Past sessions have this many players each (upcoming ones, a third of it so far). */
  playersPerSession: number;
  /** Finished games on the board of each past session. */
  gamesPerSession: number;
  /** How many of each past session's games count on the ladder (all four players members). */
  ladderGamesPerSession: number;
  courts: number;
  years: number;
};

/** The club of issue 32: 2,000 members, 5,000 sessions, 100,000 places, 60,000 games, 20,000 matches. */
export const BIG_CLUB: BigClubSize = {
  members: 2000,
  sessions: 5000,
  playersPerSession: 20,
  gamesPerSession: 12,
  ladderGamesPerSession: 4,
  courts: 8,
  years: 5,
};

export const BIG_CLUB_TIME_ZONE = "America/Chicago";

const FIRST = [
  "Ava",
  "Ben",
  "Carmen",
  "Dmitri",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Imani",
  "Jonas",
  "Keiko",
  "Liam",
  "Maya",
  "Noah",
  "Olga",
  "Pedro",
  "Quinn",
  "Rosa",
  "Sam",
  "Tariq",
  "Uma",
  "Victor",
  "Wen",
  "Ximena",
  "Yusuf",
  "Zoe",
  "Aaron",
  "Bianca",
  "Chloe",
  "Diego",
  "Esther",
  "Felix",
  "Gemma",
  "Hassan",
  "Ines",
  "Jamal",
  "Kira",
  "Leo",
  "Mira",
  "Nadia",
];
const LAST = [
  "Anderson",
  "Baker",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Murphy",
  "Nguyen",
  "Okafor",
  "Patel",
  "Quint",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Umar",
  "Vega",
  "Walsh",
  "Xu",
  "Young",
  "Zielinski",
  "Brooks",
  "Chen",
  "Diaz",
  "Evans",
  "Foster",
  "Gupta",
  "Hughes",
  "Ivanova",
  "Kim",
  "Larsen",
  "Moreau",
  "Novak",
];

const DAY = 86_400_000;
const MINUTE = 60_000;

export type PlannedMember = {
  email: string;
  name: string;
  role: "admin" | "organizer" | "member";
  joinedAt: Date;
};
export type PlannedPlayer = { member: number; registeredAt: Date; checkedIn: boolean };
export type PlannedGame = {
  court: number;
  /** Indexes into the session's players. */
  teamA: [number, number];
  teamB: [number, number];
  scoreA: number;
  scoreB: number;
  startedAt: Date;
  endedAt: Date;
  /** A ladder match too, scored at its end (as the board records one). */
  counts: boolean;
};
export type PlannedSession = {
  name: string;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  past: boolean;
  players: PlannedPlayer[];
  games: PlannedGame[];
};
export type BigClubPlan = {
  size: BigClubSize;
  foundedAt: Date;
  members: PlannedMember[];
  sessions: PlannedSession[];
};

/** A small, fixed random stream: the same club every time. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function planBigClub(size: BigClubSize, now: Date, seed = 32): BigClubPlan {
  const random = seeded(seed);
  const whole = (below: number) => Math.floor(random() * below);
  const foundedAt = new Date(now.getTime() - size.years * 365 * DAY);
  const span = now.getTime() - foundedAt.getTime();

  // A tenth are founding members; the rest join over the years, more in the early ones.
  const members: PlannedMember[] = Array.from({ length: size.members }, (_, i) => {
    const first = FIRST[whole(FIRST.length)]!;
    const last = LAST[whole(LAST.length)]!;
    const joined = i < size.members / 10 ? random() * 30 * DAY : random() ** 1.5 * span * 0.95;
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@bigclub.example`.toLowerCase(),
      role: i === 0 ? "admin" : i <= 6 ? "organizer" : "member",
      joinedAt: new Date(foundedAt.getTime() + joined),
    };
  });
  const byJoining = members.map((m, i) => ({ i, at: m.joinedAt.getTime() })).sort((a, b) => a.at - b.at);
  // Regulars: some members play far more than others (a power law on their index).
  const activity = members.map(() => 0.05 + random() ** 3);

  // Sessions spread evenly over the years, the last 1% still to come; weekday evenings and
  // weekend mornings in the club's time.
  const upcoming = Math.max(1, Math.round(size.sessions / 100));
  const firstDay = foundedAt.getTime() + 31 * DAY;
  const pastSpan = now.getTime() - DAY - firstDay;
  const sessions: PlannedSession[] = Array.from({ length: size.sessions }, (_, s) => {
    const past = s < size.sessions - upcoming;
    const dayAt = past
      ? firstDay + Math.floor((s * pastSpan) / (size.sessions - upcoming))
      : now.getTime() + (1 + (s - (size.sessions - upcoming))) * DAY;
    const { year, month, day } = wallTimeAt(new Date(dayAt), BIG_CLUB_TIME_ZONE);
    const weekend = weekdayAt(new Date(dayAt), BIG_CLUB_TIME_ZONE) >= 6;
    const startsAt = instantOf({ year, month, day, hour: weekend ? 9 : 18, minute: 0 }, BIG_CLUB_TIME_ZONE);
    const endsAt = new Date(startsAt.getTime() + 2 * 60 * MINUTE);
    const createdAt = new Date(startsAt.getTime() - 14 * DAY);
    const capacity = 24;
    // Who came: drawn by activity among those who had joined a week before.
    const joined = byJoining.filter((m) => m.at <= startsAt.getTime() - 7 * DAY).map((m) => m.i);
    const wanted = Math.min(
      joined.length,
      past ? size.playersPerSession : Math.ceil(size.playersPerSession / 3),
    );
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < wanted && tries < wanted * 50; tries++) {
      const candidate = joined[whole(joined.length)]!;
      if (random() < activity[candidate]!) chosen.add(candidate);
    }
    for (const candidate of joined) if (chosen.size < wanted) chosen.add(candidate);
    const players = [...chosen].map((member, k) => ({
      member,
      // In arrival order: the first registered first.
      registeredAt: new Date(createdAt.getTime() + (k + 1) * 37 * MINUTE),
      checkedIn: past && random() < 0.92,
    }));
    const present = players.map((_, k) => k).filter((k) => players[k]!.checkedIn);
    const games: PlannedGame[] = [];
    if (past && present.length >= 4) {
      for (let g = 0; g < size.gamesPerSession; g++) {
        const court = g % size.courts;
        const round = Math.floor(g / size.courts);
        const four = [...present].sort(() => random() - 0.5).slice(0, 4) as number[];
        const startedAt = new Date(startsAt.getTime() + (round * 16 + court) * MINUTE);
        const aWins = random() < 0.5;
        const loser = whole(10);
        games.push({
          court,
          teamA: [four[0]!, four[1]!],
          teamB: [four[2]!, four[3]!],
          scoreA: aWins ? 11 : loser,
          scoreB: aWins ? loser : 11,
          startedAt,
          // Never two at the same millisecond (the court breaks a tie): the ladder orders
          // results by their time, and only then by id, which differs from one writing to another.
          endedAt: new Date(startedAt.getTime() + 12 * MINUTE + whole(360) * 1000 + court),
          counts: g < size.ladderGamesPerSession,
        });
      }
    }
    return {
      name: weekend ? "Weekend Social" : s % 5 === 0 ? "Ladder Night" : "Evening Open Play",
      createdAt,
      startsAt,
      endsAt,
      capacity,
      past,
      players,
      games,
    };
  });
  return { size, foundedAt, members, sessions };
}
