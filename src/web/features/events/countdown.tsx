// A timed round's time left, ticking each second (the page and the TV share it).
import { useEffect, useState } from "react";
import { timeLeft } from "./event-words.js";

export function Countdown({ endsAt, className }: { endsAt: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span role="timer" className={className ?? "tabular-nums text-muted"}>
      {timeLeft(endsAt, now)}
    </span>
  );
}
