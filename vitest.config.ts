import { defineConfig } from "vitest/config";

// Three projects: pure unit tests; component tests, React components rendered in jsdom with
// Testing Library against a stubbed fetch; and integration tests against a real PostgreSQL (one
// database per test file, cloned from a migrated template made once in global setup).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/shared/**/*.test.ts",
            "src/web/**/*.test.ts",
            "src/server/**/*.unit.test.ts",
            "scripts/**/*.unit.test.ts",
          ],
          environment: "node",
          // Pure functions and scripts: nothing to leak from one file to the next, so each
          // worker imports the shared code once instead of once per file.
          isolate: false,
        },
      },
      {
        test: {
          name: "component",
          include: ["src/web/**/*.component.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/web/test/component-setup.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          setupFiles: ["src/server/test/guard-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores here: more workers only queue up on the same database server.
          maxWorkers: 2,
        },
      },
    ],
  },
});
