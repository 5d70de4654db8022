// The published OpenAPI document passes Redocly's `recommended` rules with no error (issue 29):
// a client generator or a reviewer can trust what it says about sign-in, answers and errors.
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUpVerified, type TestApp } from "../../test/harness.js";
import { SESSION_COOKIE } from "./openapi.js";

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

  type Operation = { security?: unknown[]; responses: Record<string, unknown> };
  const operations = () =>
    Object.entries(
      (t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }).paths,
    ).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );

  it("lists null among the values of every enum that may be null", () => {
    // OpenAPI 3.0's nullable does not widen an enum: a validating client refused the null the
    // API sends for 20 optional enums until null was one of their values.
    const missingNull: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== "object") return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
        missingNull.push(pointer);
      for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key}`);
    };
    walk(t.app.swagger(), "#");
    expect(missingNull).toEqual([]);
  });

  it("names the cookie that signing in really sets", async () => {
    const cookie = await signUpVerified(t, { email: "openapi@example.com" });
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    const { components } = t.app.swagger() as { components: { securitySchemes: Record<string, unknown> } };
    expect(components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
    });
  });

  it("documents signing up, in and out, and says which operations need the cookie", () => {
    const all = operations();
    const find = (method: string, path: string) => all.find((o) => o.method === method && o.path === path);
    for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/sign-out"])
      expect(find("post", path), path).toBeDefined();
    expect(find("post", "/api/auth/sign-in/email")?.operation.security).toEqual([]);
    expect(find("get", "/api/orgs/{orgId}/members")?.operation.security).toEqual([{ sessionCookie: [] }]);
    expect(find("get", "/api/public/clubs/{slug}")?.operation.security).toEqual([]);
    // Whoever needs the cookie can be told they are not signed in.
    for (const { path, method, operation } of all)
      if (
        operation.security?.length &&
        !operation.security.some((way) => Object.keys(way as object).length === 0)
      )
        expect(operation.responses, `${method} ${path}`).toHaveProperty("401");
  });
});
