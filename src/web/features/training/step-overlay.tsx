// The tutorial's step card, next to the part of the real page it explains, which is lit up
// while the rest of the page is dimmed. The card is 400 px wide (narrower only on a narrower
// screen) and always wholly on screen: below the part when it fits, else above, else where it
// fits best. The page may still be loading when a step opens, so the part is looked for again
// until it appears, and the card follows it through scrolling and resizing.
import { X } from "lucide-react";
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../components/ui/button.js";
import type { Tutorial } from "./tutorials.js";

const CARD_WIDTH = 400;
const MARGIN = 8;
const GAP = 12;
const LOOK_EVERY_MS = 150;

type Box = { top: number; left: number; width: number; height: number };

/** The first of the step's parts that is on the page and has a size, else the page's heading. */
function findTarget(selectors: readonly string[]): Element | null {
  for (const selector of [...selectors, "main h1"]) {
    const element = document.querySelector(selector);
    if (element && element.getBoundingClientRect().height > 0) return element;
  }
  return null;
}

function boxOf(element: Element): Box {
  const r = element.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/** Where the card goes: beside the part, inside the screen. */
export function placeCard(
  target: Box | null,
  card: { width: number; height: number },
  screen: { width: number; height: number },
): { top: number; left: number } {
  const maxTop = Math.max(MARGIN, screen.height - card.height - MARGIN);
  const maxLeft = Math.max(MARGIN, screen.width - card.width - MARGIN);
  if (!target) return { top: maxTop / 2 + MARGIN / 2, left: maxLeft / 2 + MARGIN / 2 };
  const below = target.top + target.height + GAP;
  const above = target.top - GAP - card.height;
  const top = below + card.height <= screen.height - MARGIN ? below : above >= MARGIN ? above : maxTop;
  return { top: clamp(top, MARGIN, maxTop), left: clamp(target.left, MARGIN, maxLeft) };
}

export function StepOverlay({
  tutorial,
  step,
  onStep,
  onFinish,
  onSkip,
}: {
  tutorial: Tutorial;
  step: number;
  onStep: (step: number) => void;
  onFinish: () => void;
  onSkip: () => void;
}) {
  const current = tutorial.steps[step]!;
  const last = step === tutorial.steps.length - 1;
  const cardRef = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<Box | null>(null);
  const [screen, setScreen] = useState({ width: window.innerWidth, height: window.innerHeight });
  const [cardHeight, setCardHeight] = useState(0);

  // Look for the step's part (the page may still be loading), bring it into view once, then
  // keep measuring it: data arriving, scrolling and resizing all move it.
  useEffect(() => {
    let scrolled = false;
    const look = () => {
      const element = findTarget(current.targets);
      if (element && !scrolled) {
        element.scrollIntoView({ block: "center", inline: "nearest" });
        scrolled = true;
      }
      setTarget(element ? boxOf(element) : null);
      setScreen({ width: window.innerWidth, height: window.innerHeight });
    };
    look();
    const timer = window.setInterval(look, LOOK_EVERY_MS);
    window.addEventListener("resize", look);
    window.addEventListener("scroll", look, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("resize", look);
      window.removeEventListener("scroll", look, true);
    };
  }, [current]);

  useLayoutEffect(() => {
    setCardHeight(cardRef.current?.offsetHeight ?? 0);
  });

  const cardWidth = Math.min(CARD_WIDTH, screen.width - 2 * MARGIN);
  const place = placeCard(target, { width: cardWidth, height: cardHeight }, screen);
  const cardStyle: CSSProperties = { top: place.top, left: place.left, width: cardWidth };

  // On the body, not where the Training button sits: the header's backdrop blur makes it the
  // containing block of anything fixed inside it, which kept the overlay (and its card) to the
  // header's 64 px.
  return createPortal(
    <div className="fixed inset-0 z-50" data-testid="tutorial-overlay">
      {/* Clicking anywhere but the card skips the tutorial. */}
      <button
        type="button"
        aria-label="Skip tutorial"
        className={`absolute inset-0 ${target ? "" : "bg-black/40"}`}
        onClick={onSkip}
      />
      {target ? (
        <div
          aria-hidden="true"
          data-testid="tutorial-highlight"
          className="pointer-events-none absolute rounded-xl ring-4 ring-ball"
          style={{
            top: target.top - 4,
            left: target.left - 4,
            width: target.width + 8,
            height: target.height + 8,
            boxShadow: "0 0 0 9999px rgba(15, 23, 42, 0.45)",
          }}
        />
      ) : null}
      <div
        ref={cardRef}
        role="dialog"
        aria-label={tutorial.name}
        className="absolute rounded-2xl bg-white p-5 shadow-xl"
        style={cardStyle}
      >
        <div className="mb-2 flex items-center justify-between">
          <span className="text-xs font-semibold text-muted">
            Step {step + 1} of {tutorial.steps.length}
          </span>
          <button
            type="button"
            aria-label="Close"
            onClick={onSkip}
            className="rounded-md p-1 hover:bg-slate-100"
          >
            <X className="h-4 w-4" />
          </button>
        </div>
        <h2 className="text-lg font-semibold">{current.title}</h2>
        <p className="mt-1 text-sm text-muted">{current.description}</p>
        <div className="mt-4 flex justify-between">
          <Button variant="secondary" size="sm" disabled={step === 0} onClick={() => onStep(step - 1)}>
            Back
          </Button>
          {last ? (
            <Button size="sm" onClick={onFinish}>
              Finish
            </Button>
          ) : (
            <Button size="sm" onClick={() => onStep(step + 1)}>
              Next
            </Button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
