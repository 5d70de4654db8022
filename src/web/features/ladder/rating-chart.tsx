// The rating history chart. Recharts is heavy, so this file is loaded only on a player's page
// (React.lazy in player-page.tsx) and never weighs on the rest of the app.
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PlayerView } from "../../../shared/contracts/ladder.js";
import { formatDate } from "../../lib/format.js";

const colors = { doubles: "#15803d", singles: "#0369a1" } as const;

export default function RatingChart({
  history,
  timeZone,
}: {
  history: PlayerView["history"];
  /** The club's, as the match cards and Sessions date them. */
  timeZone: string;
}) {
  const points = history.map((h, index) => ({
    game: index + 1,
    date: formatDate(h.playedAt, timeZone),
    [h.format]: h.rating,
  }));
  const formats = (["doubles", "singles"] as const).filter((f) => history.some((h) => h.format === f));
  // Clipped: on a resize the chart keeps its old width until its next observation.
  return (
    <div className="h-64 w-full min-w-0 overflow-hidden" data-testid="rating-chart">
      <ResponsiveContainer width="100%" height="100%">
        {/* Room below the axis for its title: at the edge it was cut in half. */}
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 20, left: -16 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis
            dataKey="game"
            tick={{ fontSize: 12 }}
            label={{ value: "Match", position: "insideBottom", offset: -12, fontSize: 12 }}
          />
          <YAxis domain={["dataMin - 20", "dataMax + 20"]} tick={{ fontSize: 12 }} allowDecimals={false} />
          <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.date ?? ""} />
          {formats.map((format) => (
            <Line
              key={format}
              type="monotone"
              dataKey={format}
              name={format === "doubles" ? "Doubles" : "Singles"}
              stroke={colors[format]}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
