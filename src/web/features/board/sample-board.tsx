import { Clock, Users } from "lucide-react";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";

// The board's look with hardcoded sample data, shown until examples are cleared.
const sampleCourts = [
  {
    name: "Court 1",
    playing: true,
    elapsed: "8:42",
    players: ["Maya C.", "Jordan P.", "Sam R.", "Alex K."],
    next: ["Priya S.", "Tom W.", "Lena M.", "Chris D."],
  },
  {
    name: "Court 2",
    playing: true,
    elapsed: "3:15",
    players: ["Nina F.", "Omar H.", "Grace L.", "Ben T."],
    next: ["Zoe A.", "Raj P.", "Ivy N.", "Leo B."],
  },
  {
    name: "Court 3",
    playing: false,
    elapsed: "0:00",
    players: ["Kim Y.", "Dan G.", "Ana V.", "Eli R."],
    next: ["Mia J.", "Noah C.", "Ruby K.", "Finn O."],
  },
  {
    name: "Court 4",
    playing: true,
    elapsed: "11:03",
    players: ["Sara B.", "Luis M.", "Ella W.", "Max H."],
    next: ["Ada P.", "Ian S.", "Joy L.", "Ken T."],
  },
];

export function SampleBoard({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900">
        <span>Sample data: this is how your board looks during open play.</span>
        <Button size="sm" variant="secondary" onClick={onClear}>
          Clear Examples
        </Button>
      </div>
      <div className="flex flex-wrap gap-6 rounded-2xl bg-brand-800 px-6 py-4 text-white">
        <span className="flex items-center gap-2">
          <Users className="h-5 w-5" /> <strong>12</strong> waiting
        </span>
        <span className="flex items-center gap-2">
          <Clock className="h-5 w-5" /> Average wait <strong>8 minutes</strong>
        </span>
        <span>
          <strong>16</strong> active players
        </span>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {sampleCourts.map((court) => (
          <Card key={court.name}>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle className="text-xl">{court.name}</CardTitle>
              <div className="flex items-center gap-2">
                <Badge tone={court.playing ? "brand" : "neutral"}>{court.playing ? "Playing" : "Idle"}</Badge>
                <span className="text-sm text-muted tabular-nums">{court.elapsed}</span>
              </div>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <div className="grid grid-cols-2 gap-2">
                {court.players.map((p) => (
                  <span key={p} className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium">
                    {p}
                  </span>
                ))}
              </div>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">Next Up</p>
              <p className="text-sm">{court.next.join(" · ")}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
