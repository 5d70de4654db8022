import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next.js";

describe("safeNext", () => {
  it("keeps a path of this site, its query and its fragment", () => {
    for (const path of ["/", "/dashboard", "/clubs/abc?tab=x", "/join/abc#top", "/club/caf%C3%A9"])
      expect(safeNext(path), path).toBe(path);
  });

  it("refuses what the browser or the router would read as another site, or not as a path", () => {
    for (const next of [
      "/\\evil.test",
      "//evil.test",
      "/%5Cevil.test",
      "/%5cevil.test",
      "/%2F/evil.test",
      "/\t/evil.test",
      "/sessions\n",
      "https://evil.test",
      "javascript:alert(1)",
      "dashboard",
      "/sessions?q=100%",
      "",
      null,
    ])
      expect(safeNext(next), JSON.stringify(next)).toBeUndefined();
  });
});
