import { CheckCircle2, GraduationCap, X } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { readStored, storageKeys, writeStored } from "../../lib/storage.js";
import { type Tutorial, tutorials } from "./tutorials.js";

function readCompleted(): string[] {
  try {
    return JSON.parse(readStored(storageKeys.completedTutorials) ?? "[]") as string[];
  } catch {
    return [];
  }
}

/** The navigation's Training button: the tutorials list and the step overlay (SPEC §2, §4). */
export function TrainingButton() {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<{ tutorial: Tutorial; step: number } | null>(null);
  const [completed, setCompleted] = useState(readCompleted);
  const navigate = useNavigate();

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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm" aria-label="Training">
            <GraduationCap className="h-5 w-5" />
            <span className="hidden sm:inline">Training</span>
          </Button>
        </DialogTrigger>
        <DialogContent title="Admin Training Tutorials" description="Short walk-throughs of each screen.">
          <ul className="flex flex-col gap-2">
            {tutorials.map((tutorial) => (
              <li
                key={tutorial.id}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{tutorial.name}</p>
                  <p className="text-xs text-muted">{tutorial.minutes} min</p>
                </div>
                {completed.includes(tutorial.id) ? (
                  <Badge tone="brand">
                    <CheckCircle2 className="h-3 w-3" /> Completed
                  </Badge>
                ) : null}
                <Button size="sm" variant="secondary" onClick={() => start(tutorial)}>
                  Start
                </Button>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
      {active ? (
        <StepOverlay
          tutorial={active.tutorial}
          step={active.step}
          onStep={(step) => setActive({ tutorial: active.tutorial, step })}
          onFinish={finish}
          onSkip={() => setActive(null)}
        />
      ) : null}
    </>
  );
}

function StepOverlay({
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
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <button
        type="button"
        aria-label="Skip tutorial"
        className="absolute inset-0 bg-black/40"
        onClick={onSkip}
      />
      <div
        role="dialog"
        aria-label={tutorial.name}
        className="relative w-[400px] max-w-[calc(100vw-2rem)] rounded-2xl bg-white p-5 shadow-xl"
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
    </div>
  );
}
