import { CheckCircle2, GraduationCap } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { readStored, storageKeys, writeStored } from "../../lib/storage.js";
import { StepOverlay } from "./step-overlay.js";
import { type Tutorial, tutorials } from "./tutorials.js";

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
