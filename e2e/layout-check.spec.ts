// The layout check catches what it promises to: each rule against a page built to break it,
// and a clean page passes.
import { expect, test } from "./fixtures.js";
import { layoutProblems } from "./layout-check.js";

// Its pages are built to break the rules: the check that runs on every page stays out of it.
test.use({ layoutCheck: false });

test("the layout check finds overflow, a letter per line, a toast over a dialog's title and small tap targets", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(`
    <body style="margin:0;font:16px sans-serif;overflow-wrap:anywhere">
      <div style="width:500px" data-testid="too-wide">wide</div>
      <div style="display:flex;width:300px"><label style="min-width:0;width:0">Player 01 Longname</label><input style="flex:1"></div>
      <div role="dialog" style="position:fixed;top:100px;left:20px;width:300px"><h2>Score for Court 1</h2></div>
      <ol><li data-sonner-toast style="position:fixed;top:90px;left:40px;width:200px;height:40px">Saved</li></ol>
      <div id="controls"><button style="height:32px">Record Score</button></div>
    </body>`);
  const problems = await layoutProblems(page, { tapTargetsIn: ["#controls"] });
  expect(problems.join("\n")).toMatch(/page is \d+px wide on a 390px screen/);
  expect(problems.join("\n")).toMatch(/too-wide.*reaches from/);
  expect(problems.join("\n")).toMatch(/<label> "Player 01 Longname" is 0px wide/);
  expect(problems.join("\n")).toMatch(/toast .*"Saved" covers the dialog's title/);
  expect(problems.join("\n")).toMatch(/"Record Score" in #controls is \d+x32px/);

  await page.setContent(`
    <body style="margin:0;font:16px sans-serif">
      <div role="dialog"><h2>Score for Court 1</h2><p>Player 01 Longname &amp; Player 02 Longname</p></div>
      <div id="controls"><button style="height:44px;min-width:44px">Record Score</button></div>
    </body>`);
  expect(await layoutProblems(page, { tapTargetsIn: ["#controls"] })).toEqual([]);
});
