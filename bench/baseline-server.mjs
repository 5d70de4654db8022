// The bare baseline the API is measured against: Fastify 5 and a pg pool on the same
// database, one route reading 5 rows and one inserting a row. Whatever our routes cost beyond
// this is ours (auth, policy, the data's own queries, serialisation).
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 10),
});
await pool.query(
  "CREATE TABLE IF NOT EXISTS bench_baseline (id serial PRIMARY KEY, note text NOT NULL, at timestamptz NOT NULL DEFAULT now())",
);
await pool.query("INSERT INTO bench_baseline (note) SELECT 'row ' || g FROM generate_series(1, 5) g");

const app = Fastify({ logger: false });
app.get("/read", async () => {
  const { rows } = await pool.query("SELECT id, note, at FROM bench_baseline ORDER BY id LIMIT 5");
  return { rows };
});
app.post("/write", async () => {
  const { rows } = await pool.query("INSERT INTO bench_baseline (note) VALUES ($1) RETURNING id", ["bench"]);
  return { id: rows[0].id };
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.on("SIGTERM", async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
