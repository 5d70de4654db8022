import { JOIN_NOW, joinsToWait, type WaitRange, waitRangeText } from "../../../shared/contracts/board.js";

/**
 * " · join now, play in about 4-8 min" after the count of those waiting (the board's banner and
 * the TV's header), its figure bold and on one line: squeezed, "14" and "min" once parted.
 */
export function JoiningNow({ range }: { range: WaitRange | null }) {
  if (!joinsToWait(range)) return null;
  return (
    <>
      {" "}
      · {JOIN_NOW} <strong className="whitespace-nowrap">{waitRangeText(range)}</strong>
    </>
  );
}
