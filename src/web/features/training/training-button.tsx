import { GraduationCap } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.js";
import { readStored, storageKeys, writeStored } from "../../lib/storage.js";
import type { Tutorial } from "./tutorials.js";

// Neither is needed until asked for: they load then (training-dialog.tsx).
const TrainingDialog = lazy(() => import("./training-dialog.js"));
const StepOverlay = lazy(() => import("./step-overlay.js").then((m) => ({ default: m.StepOverlay })));

function readCompleted(): string[] {
  try {
    return JSON.parse(readStored(storageKeys.completedTutorials) ?? "[]") as string[];
  } catch {
    return [];
  }
}

/** The navigation's Training button: the tutorials list and the step overlay. */
export function TrainingButton() {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<{ tutorial: Tutorial; step: number } | null>(null);
  const [completed, setCompleted] = useState(readCompleted);
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);

  const start = (tutorial: Tutorial) => {
    setOpen(false);
    navigate(tutorial.route);
    setActive({ tutorial, step: 0 });
  };
  const finish = () => {
    if (!active) return;
    const next = [...new Set([...completed, active.tutorial.id])];
    writeStored(storageKeys.completedTutorials, JSON.stringify(next));
    setCompleted(next);
    setActive(null);
  };

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-label="Training"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <GraduationCap className="h-5 w-5" />
        <span className="hidden sm:inline">Training</span>
      </Button>
      <Suspense fallback={null}>
        {open ? (
          <TrainingDialog
            completed={completed}
            onStart={start}
            onClose={() => setOpen(false)}
            returnFocusTo={button}
          />
        ) : null}
        {active ? (
          <StepOverlay
            tutorial={active.tutorial}
            step={active.step}
            onStep={(step) => setActive({ tutorial: active.tutorial, step })}
            onFinish={finish}
            onSkip={() => setActive(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
