// A layout check for any page an end-to-end test visits. Passing clicks prove a feature works;
// this proves a person can use it: nothing wider than the screen, no text squeezed to a letter
// per line, no toast over an open dialog's title, and (where people play) tap targets a thumb
// can hit. It measures what Chromium laid out, so it sees what the screenshots show.
import { expect, type Page } from "@playwright/test";

export type LayoutOptions = {
  /** CSS selectors of containers whose buttons (and links styled as buttons) must be thumb-sized. */
  tapTargetsIn?: string[];
  /** The smallest tap target, in CSS pixels, both ways (WCAG 2.5.5 and Apple's HIG say 44). */
  minTapTarget?: number;
};

type Problem = string;

/** Runs in the page: every problem found, as a sentence naming the element. */
function findProblems({ tapTargetsIn, minTapTarget }: Required<LayoutOptions>): Problem[] {
  const problems: Problem[] = [];
  const viewport = document.documentElement.clientWidth;
  const label = (element: Element) => {
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const id = element.id ? `#${element.id}` : "";
    const testId = element.getAttribute("data-testid");
    return `<${element.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ""}> "${text}"`;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
  };
  // Elements hidden for screen readers only (sr-only) are clipped to 1px on purpose; a form's
  // stand-in for a control (the input Radix's switch keeps beside itself inside a form) is seen
  // by nobody and read by nobody.
  const clippedAway = (element: Element) => {
    const style = getComputedStyle(element);
    return (
      style.position === "absolute" &&
      (style.clip === "rect(0px, 0px, 0px, 0px)" ||
        style.clipPath === "inset(50%)" ||
        (element.matches("form input[aria-hidden=true]") && style.opacity === "0"))
    );
  };

  // Horizontal overflow: the document scrolls sideways, or an element reaches past the screen.
  if (document.documentElement.scrollWidth > viewport + 1) {
    problems.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${viewport}px screen`);
  }
  // Toasts float over the page where the toast library puts them, and slide in, stack and swipe
  // out: caught mid-way, one reached past the screen's edge (the ladder spec, twice in four
  // clean runs). They are held to the page by the check below (never over a dialog's title).
  const toast = (element: Element) => element.closest("[data-sonner-toast]") !== null;
  for (const element of document.body.querySelectorAll("*")) {
    if (!visible(element) || clippedAway(element) || toast(element)) continue;
    const box = element.getBoundingClientRect();
    // Inside a sideways scroller (a table that scrolls, say) an element may be wider on purpose.
    let scroller = element.parentElement;
    while (scroller && scroller !== document.body) {
      const overflowX = getComputedStyle(scroller).overflowX;
      if (overflowX === "auto" || overflowX === "scroll" || overflowX === "hidden") break;
      scroller = scroller.parentElement;
    }
    const insideScroller = scroller !== null && scroller !== document.body;
    if (!insideScroller && (box.right > viewport + 1 || box.left < -1)) {
      problems.push(
        `${label(element)} reaches from ${Math.round(box.left)} to ${Math.round(box.right)}px on a ${viewport}px screen`,
      );
    }
  }

  // A letter per line: an element with its own text, longer than two characters, laid out in a
  // box narrower than two of its characters (measured as two "m"s of its font).
  const ruler = document.createElement("canvas").getContext("2d")!;
  for (const element of document.body.querySelectorAll("*")) {
    const textNodes = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
    const ownText = textNodes
      .map((node) => node.textContent ?? "")
      .join("")
      .trim();
    if (ownText.length <= 2 || clippedAway(element)) continue;
    const style = getComputedStyle(element);
    // Not \`visible()\`: text squeezed into a box 0px wide still shows, overflowing it.
    if (style.visibility === "hidden" || style.display === "none") continue;
    ruler.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const twoCharacters = ruler.measureText("mm").width;
    // The lines its own text takes: the distinct tops of the text's line boxes.
    const tops = new Set<number>();
    for (const node of textNodes) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    const lines = tops.size;
    if (lines === 0) continue;
    const width = element.getBoundingClientRect().width;
    // One line is never squeezed: a short word ("Pro") may sit in a box just its size.
    if (lines >= 2 && (width < twoCharacters || lines >= ownText.length)) {
      problems.push(
        `${label(element)} is ${Math.round(width)}px wide: its text runs a letter or two per line`,
      );
    }
  }

  // A toast over an open dialog's title hides what the dialog is about.
  const toasts = [...document.querySelectorAll("[data-sonner-toast]")].filter(
    (toast) => visible(toast) && !toast.closest("[role=dialog]"),
  );
  for (const title of document.querySelectorAll("[role=dialog] h2, [role=dialog] [id$='-title']")) {
    const t = title.getBoundingClientRect();
    for (const toast of toasts) {
      const o = toast.getBoundingClientRect();
      if (o.left < t.right && o.right > t.left && o.top < t.bottom && o.bottom > t.top) {
        problems.push(`a toast ${label(toast)} covers the dialog's title ${label(title)}`);
      }
    }
  }

  // Tap targets where people play.
  for (const selector of tapTargetsIn) {
    for (const container of document.querySelectorAll(selector)) {
      for (const target of container.querySelectorAll(
        "button, a[role=button], [role=button], input, select",
      )) {
        if (!visible(target) || clippedAway(target) || (target as HTMLInputElement).type === "hidden")
          continue;
        const box = target.getBoundingClientRect();
        if (box.width < minTapTarget - 0.5 || box.height < minTapTarget - 0.5) {
          problems.push(
            `${label(target)} in ${selector} is ${Math.round(box.width)}x${Math.round(box.height)}px: a tap target is at least ${minTapTarget}px`,
          );
        }
      }
    }
  }
  return [...new Set(problems)];
}

/** The page's layout problems (empty when there are none). */
export async function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<Problem[]> {
  return page.evaluate(findProblems, {
    tapTargetsIn: options.tapTargetsIn ?? [],
    minTapTarget: options.minTapTarget ?? 44,
  });
}

/** Fails the test, listing every problem, unless the page as laid out now has none. */
export async function expectUsableLayout(page: Page, options: LayoutOptions = {}): Promise<void> {
  const problems = await layoutProblems(page, options);
  const size = page.viewportSize();
  expect(problems, `layout at ${size?.width}x${size?.height}:\n${problems.join("\n")}`).toEqual([]);
}

/**
 * Waits for the toasts to time out, for a picture of the page without them. The toast library
 * holds a toast still while the pointer rests over it, and a toast that slides in under the spot
 * where the last tap landed (Complete Session, low on a phone) never went: CI waited 15 s for it.
 * The pointer moves to the page's top corner first, away from the toasts at the bottom.
 */
export async function waitForToastsToGo(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
