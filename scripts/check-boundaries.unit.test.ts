// The boundary check fails on the imports DESIGN.md forbids and passes the ones it allows, on a
// small made-up tree (and the real one is clean: `npm run lint` runs it).
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { checkBoundaries, routesWithoutDefinition } from "./check-boundaries.mjs";
import { madeUpTrees } from "./made-up-tree.js";

const tree = madeUpTrees("boundaries-");

const schema = {
  "src/server/db/schema/members.ts": "export const organizationMembers = {};\n",
  "src/server/db/schema/sessions.ts": "export const sessions = {};\n",
};

describe("check-boundaries", () => {
  it("fails on a feature importing another feature's tables", () => {
    const found = checkBoundaries(
      tree({
        ...schema,
        "src/server/features/courts/board.ts": 'import { sessions } from "../../db/schema/sessions.js";\n',
      }),
    );
    expect(found).toEqual([
      "src/server/features/courts/board.ts: ../../db/schema/sessions.js -> sessions tables belong to features/sessions: ask its service",
    ]);
  });

  it("passes a feature's own tables, another feature's service, and tests", () => {
    const found = checkBoundaries(
      tree({
        ...schema,
        "src/server/features/sessions/service.ts":
          'import { sessions } from "../../db/schema/sessions.js";\n',
        "src/server/features/courts/board.ts": 'import { activeSession } from "../sessions/service.js";\n',
        "src/server/features/courts/board.test.ts":
          'import { sessions } from "../../db/schema/sessions.js";\n',
      }),
    );
    expect(found).toEqual([]);
  });

  it("fails on reaching into another feature past its service, and on the layers importing upwards", () => {
    const found = checkBoundaries(
      tree({
        "src/server/features/courts/board.ts":
          'import { expireHolds } from "../sessions/registrations.js";\n',
        "src/server/platform/mail/mailer.ts": 'export { people } from "../../features/account/service.js";\n',
        "src/shared/domain/money.ts": 'import type { Db } from "../../server/db/database.js";\n',
        "src/web/lib/api.ts": 'const m = await import("../../server/config.js");\n',
        "src/server/features/ladder/views.ts": 'import * as all from "../../db/schema/index.js";\n',
      }),
    );
    expect(found.map((line: string) => line.split(" -> ")[1])).toEqual([
      "reach features/sessions only through features/sessions/service.ts",
      "import the owner's schema file, not the whole schema",
      "platform code never imports a feature",
      "shared code imports nothing from server or web",
      "web code never imports server code",
    ]);
  });

  it("fails on web features in a circle, type-only imports included, and on web/lib importing a feature", () => {
    const found = checkBoundaries(
      tree({
        "src/web/features/board/board-page.tsx": 'import { useSessions } from "../sessions/api.js";\n',
        "src/web/features/sessions/organizer-tools.tsx":
          'import type { BoardView } from "../board/board-read.js";\n',
        "src/web/features/events/event-page.tsx": 'import { useSessions } from "../sessions/api.js";\n',
        "src/web/lib/board-read.ts": 'import { useBoard } from "../features/board/board-api.js";\n',
      }),
    );
    expect(found).toEqual([
      "src/web/lib/board-read.ts: ../features/board/board-api.js -> web/lib and web/components sit below the features: move what a feature shares down",
      "web features board, sessions import each other in a circle: board -> sessions (src/web/features/board/board-page.tsx); sessions -> board (src/web/features/sessions/organizer-tools.tsx)",
    ]);
  });

  it("fails on features that import each other in a circle, naming each step, and passes layers", () => {
    const found = checkBoundaries(
      tree({
        "src/server/features/members/service.ts": 'import { lockPlanLimits } from "../billing/service.js";\n',
        "src/server/features/billing/service.ts": 'import { getClub } from "../clubs/service.js";\n',
        "src/server/features/clubs/service.ts": 'import type { Member } from "../members/service.js";\n',
        "src/server/features/courts/service.ts": 'import { addMember } from "../members/service.js";\n',
        "src/server/features/courts/service.test.ts": 'import { x } from "../ladder/service.js";\n',
        "src/server/features/ladder/service.ts": 'import { refreshQueue } from "../courts/service.js";\n',
      }),
    );
    expect(found).toEqual([
      "features billing, clubs, members import each other in a circle: " +
        "billing -> clubs (src/server/features/billing/service.ts); " +
        "clubs -> members (src/server/features/clubs/service.ts); " +
        "members -> billing (src/server/features/members/service.ts)",
    ]);
  });

  it("passes features that only import downwards", () => {
    const found = checkBoundaries(
      tree({
        "src/server/features/members/service.ts": 'import { getClub } from "../clubs/service.js";\n',
        "src/server/features/courts/service.ts":
          'import { getClub } from "../clubs/service.js";\nimport { addMember } from "../members/service.js";\n',
      }),
    );
    expect(found).toEqual([]);
  });

  it("refuses a route registered directly past its file's allowance, and asks an allowance to come down", () => {
    const root = tree({
      "src/server/features/ladder/routes.ts":
        'serve(app, endpoints.standings, read);\napp.get("/api/orgs/:orgId/ladder", read);\n',
      "src/server/features/members/routes.ts": 'app.post("/api/orgs/:orgId/invitations", invite);\n',
      "src/server/features/courts/routes.ts": 'app.get("/a", a);\napp.get("/b", b);\n',
    });
    const allowed = {
      "src/server/features/members/routes.ts": 1,
      "src/server/features/courts/routes.ts": 3,
      "src/server/features/clubs/routes.ts": 2,
    };
    expect(routesWithoutDefinition(root, allowed)).toEqual([
      "src/server/features/clubs/routes.ts: registers no route directly any more: remove it from scripts/routes-to-define.json",
      "src/server/features/courts/routes.ts: registers 2 route(s) directly: lower its allowance in scripts/routes-to-define.json to 2",
      "src/server/features/ladder/routes.ts: registers 1 route(s) directly, 0 allowed: serve each from its shared definition (shared/contracts/endpoint.ts)",
    ]);
  });
});
