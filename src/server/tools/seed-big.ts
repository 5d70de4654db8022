// `npm run seed:big`: five years of a busy club (big-club/plan.ts) in the app's database
// (DATABASE_URL, or the embedded one `npm start` uses: stop the app first), owned by the demo
// owner, who signs in as `npm run demo` prints and finds it beside the demo club. Run again,
// it finds the club by its slug and writes nothing. BIG_CLUB_SCALE=0.1 writes a tenth of it.
// Open play is running in it tonight, on every court.
// The API benchmark runs the built copy of this file (dist/server/server/tools/seed-big.js).
import { sql } from "drizzle-orm";
import { composeDeps } from "../compose.js";
import { loadConfig } from "../config.js";
import { startEmbeddedPostgres } from "../db/embedded-postgres.js";
import { clubBySlug } from "../features/clubs/service.js";
import { DEMO_OWNER, demoOwner } from "../features/demo/seed.js";
import { createLogger } from "../platform/logging/logger.js";
import { BIG_CLUB, planBigClub } from "./big-club/plan.js";
import { openPlayTonight, writeBigClub } from "./big-club/write.js";

export const BIG_CLUB_SLUG = "lakeside-big-club";

const config = loadConfig();
const log = createLogger("warn");
const scale = Number(process.env.BIG_CLUB_SCALE ?? 1);
if (!(scale > 0 && scale <= 1)) throw new Error("BIG_CLUB_SCALE is a number above 0 and at most 1");

const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(
      config.dataDir,
      { info: () => {}, warn: (m) => log.warn(m) },
      {
        chosenDataDir: config.dataDirChosen,
      },
    );
const deps = await composeDeps(config, config.databaseUrl ?? embedded!.url, log, {});
try {
  const existing = await clubBySlug(deps.database.db, BIG_CLUB_SLUG);
  if (existing) {
    console.log(`The big club is already here (${BIG_CLUB_SLUG}); nothing written.`);
  } else {
    const started = performance.now();
    const size = {
      ...BIG_CLUB,
      members: Math.round(BIG_CLUB.members * scale),
      sessions: Math.round(BIG_CLUB.sessions * scale),
    };
    const plan = planBigClub(size, deps.now());
    const owner = await demoOwner(deps);
    const club = await writeBigClub(deps, { id: owner, name: DEMO_OWNER.name }, plan, BIG_CLUB_SLUG);
    await openPlayTonight(deps, club, owner, size.courts);
    // Five years of rows written in a minute have never been vacuumed: the planner has no
    // statistics for them and index-only scans must visit every row. A database that lived
    // those years has had autovacuum all along; this makes the written one like it.
    await deps.database.db.execute(sql`vacuum analyze`);
    const places = plan.sessions.reduce((sum, s) => sum + s.players.length, 0);
    const games = plan.sessions.reduce((sum, s) => sum + s.games.length, 0);
    const counted = plan.sessions.reduce((sum, s) => sum + s.games.filter((g) => g.counts).length, 0);
    console.log(
      `Big club written in ${((performance.now() - started) / 1000).toFixed(0)} s: ${plan.members.length} members, ` +
        `${plan.sessions.length} sessions, ${places} places, ${games} games, ${counted} ladder matches ` +
        `(club ${club.organizationId}). Sign in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password}.`,
    );
  }
} finally {
  await deps.close();
  await embedded?.stop();
}
