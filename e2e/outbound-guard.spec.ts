// The guard every test runs under (fixtures.ts) fails a test whose page asks another host for
// anything: shown here on a page built to do it, in a test marked as expected to fail.
import { test } from "./fixtures.js";

test("a request to another host fails the test", async ({ page }) => {
  test.fail();
  const refused = page.waitForEvent("requestfailed");
  await page.setContent('<img src="https://example.com/pixel.png" alt="">');
  await refused;
});
