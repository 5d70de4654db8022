// The published OpenAPI document passes Redocly's `recommended` rules with no error (issue 29):
// a client generator or a reviewer can trust what it says about sign-in, answers and errors.
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location
    .map((l) => l.pointer)
    .join(", ")}`;

// OPENAPI_REPORT=/tmp/openapi.json also prints every problem (warnings too) and writes the document there.
describe("the OpenAPI document", () => {
  it("gives no error under Redocly's recommended rules", async () => {
    const document = t.app.swagger();
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: "openapi.json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const errors = problems.filter((p) => p.severity === "error");
    const warnings = problems.filter((p) => p.severity === "warn");
    if (process.env.OPENAPI_REPORT) {
      console.log(problems.map(describeProblem).join("\n"));
      (await import("node:fs")).writeFileSync(process.env.OPENAPI_REPORT, JSON.stringify(document, null, 1));
    }
    console.log(`redocly recommended: ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors.map(describeProblem)).toEqual([]);
  });
});
