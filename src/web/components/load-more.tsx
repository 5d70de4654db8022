import { useEffect, useRef } from "react";
import { Button } from "./ui/button.js";

/**
 * The end of a paged list: the next page loads as this comes into view (scrolling on), and a
 * button does the same for whoever gets here without scrolling (a keyboard, a tall screen).
 */
export function LoadMore({
  hasMore,
  loading,
  failed = false,
  onMore,
  label = "Show more",
}: {
  hasMore: boolean;
  loading: boolean;
  /** The last page did not load: wait for a tap instead of asking again as it comes into view. */
  failed?: boolean;
  onMore: () => void;
  label?: string;
}) {
  const edge = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = edge.current;
    if (!node || !hasMore || loading || failed || typeof IntersectionObserver === "undefined") return;
    // A screen ahead of the end, so the rows are there by the time a thumb gets to them.
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onMore(),
      {
        rootMargin: "0px 0px 600px 0px",
      },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, failed, onMore]);
  if (!hasMore) return null;
  return (
    <div ref={edge} className="flex justify-center pt-3">
      <Button variant="secondary" onClick={onMore} disabled={loading}>
        {loading ? "Loading…" : failed ? "Try again" : label}
      </Button>
    </div>
  );
}
