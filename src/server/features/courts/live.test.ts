// The live board with notices over PostgreSQL's LISTEN/NOTIFY (no REDIS_URL).
import pg from "pg";
import { BOARD_CHANNEL } from "../../platform/realtime/hub.js";
import { liveBoardSuite } from "../../test/live-board-suite.js";

liveBoardSuite("LISTEN/NOTIFY", { REDIS_URL: "" }, async (databaseUrl, organizationId) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`listen ${BOARD_CHANNEL}`);
  const next = new Promise<string>((resolve) =>
    client.on("notification", (m) => {
      if (m.payload?.startsWith(`${organizationId}:`)) resolve(m.payload);
    }),
  );
  return { next, close: () => client.end() };
});
