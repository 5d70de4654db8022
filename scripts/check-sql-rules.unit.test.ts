// The SQL rule check fails on a function made twice (in two migrations, or in a migration and a
// rule file) and passes functions made once (and the real tree is clean: `npm run lint` runs it).
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { functionTexts } from "./check-sql-rules.mjs";
import { madeUpTrees } from "./made-up-tree.js";

const tree = madeUpTrees("sql-rules-");

const rule =
  'CREATE OR REPLACE FUNCTION "take_place"(of_session uuid) RETURNS text LANGUAGE sql AS $$ SELECT 1 $$;\n';

describe("check-sql-rules", () => {
  it("fails on a rule a migration makes again, naming both files", () => {
    const found = functionTexts(
      tree({
        "src/server/db/schema/rules/place-rules.sql": rule,
        "src/server/db/migrations/0060_fix.sql": rule.replace("OR REPLACE ", ""),
        "src/server/db/migrations/0013_stamps.sql":
          'CREATE FUNCTION "raise_stamp"() RETURNS void AS $$ $$;\n',
      }),
    );
    expect(found).toEqual([
      "take_place has 2 texts (src/server/db/migrations/0060_fix.sql, src/server/db/schema/rules/place-rules.sql): keep its current text once, in a rule file under src/server/db/schema/rules",
    ]);
  });

  it("passes every function made once", () => {
    expect(functionTexts(tree({ "src/server/db/schema/rules/place-rules.sql": rule }))).toEqual([]);
  });
});
