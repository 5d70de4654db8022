import { cn } from "../../lib/cn.js";

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700",
        className,
      )}
    />
  );
}

/** The full-page loading state the login guard shows: a spinner with 'Loading...'. */
export function PageLoading({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted">
      <Spinner className="h-8 w-8" />
      <span>{label}</span>
    </div>
  );
}
