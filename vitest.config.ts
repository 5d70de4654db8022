import { defineConfig } from "vitest/config";
import { WaitingFirstSequencer } from "./src/server/test/waiting-first-sequencer.js";

// Three projects: pure unit tests; component tests, React components rendered in jsdom with
// Testing Library against a stubbed fetch; and integration tests against a real PostgreSQL (one
// database per test file, cloned from a migrated template made once in global setup).
const integration = {
  include: ["src/server/**/*.test.ts"],
  globalSetup: ["src/server/test/global-setup.ts"],
  setupFiles: ["src/server/test/guard-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Three on two cores: many files spend most of their time waiting on child servers, claims
  // and outages (src/server/test/waiting-first-sequencer.ts starts them first); a third worker
  // fills those waits. Measured on a clean clone: 456 s with two, 359 s with three.
  maxWorkers: 3,
};
/**
 * Integration files that need a module graph of their own: one mocks a module (vi.mock applies
 * only where the module is loaded afresh), the other's Redis clients outlive a file.
 */
const keptApart = [
  "src/server/features/notifications/push.test.ts",
  "src/server/platform/realtime/redis-hub.test.ts",
];

export default defineConfig({
  test: {
    sequence: { sequencer: WaitingFirstSequencer },
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
          // Vitest's default leaves one of this machine's two cores idle.
          maxWorkers: 2,
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
          maxWorkers: 2,
          isolate: false,
          setupFiles: ["src/web/test/component-setup.ts"],
        },
      },
      {
        test: {
          name: "integration",
          ...integration,
          exclude: ["src/server/**/*.unit.test.ts", ...keptApart],
          // Each worker imports the app once, not once per file (a third of the suite's time
          // was imports). Every file builds its own app on its own database, so what a module
          // keeps is keyed by that app; the files below are the exceptions and keep isolation.
          isolate: false,
        },
      },
      {
        test: { name: "integration-isolated", ...integration, include: keptApart },
      },
    ],
  },
});
