// A stored rating change told in whole points that add up to the whole change shown: each part
// rounded on its own could be a point off the rounded total, so the last part takes the rest.

export function explainChange(row: {
  delta: number;
  expected: number;
  surprise: number;
  margin: number;
  certainty: number;
}): { expectedPercent: number; surprise: number; margin: number; certainty: number } {
  const surprise = Math.round(row.surprise);
  const margin = Math.round(row.margin);
  return {
    expectedPercent: Math.round(row.expected * 100),
    surprise,
    margin,
    certainty: Math.round(row.delta) - surprise - margin,
  };
}
