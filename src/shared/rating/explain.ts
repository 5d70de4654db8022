// A stored rating change told in whole points that add up to the whole change shown: each part
// rounded on its own could be a point off the rounded total, so the last part takes the rest.

export function explainChange(row: {
  delta: number;
  expected: number;
  surprise: number;
  margin: number;
  certainty: number;
}): { expectedPercent: number; surprise: number; margin: number; certainty: number } {
  const surprise = whole(row.surprise);
  const margin = whole(row.margin);
  return {
    expectedPercent: whole(row.expected * 100),
    surprise,
    margin,
    certainty: whole(row.delta) - surprise - margin,
  };
}

/** Rounded to a whole point, never -0 (a tiny loss rounds to 0, not to "-0"). */
export const whole = (x: number) => Math.round(x) || 0;
