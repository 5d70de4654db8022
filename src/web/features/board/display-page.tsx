import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { messages } from "../../../shared/domain/messages.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { WaitingBanner } from "./board-page.js";
import { CourtCard } from "./court-card.js";
import { useLiveBoard } from "./use-live-board.js";

/** /display/:token: the board full screen for a TV at the club, live, no sign-in. */
export function DisplayPage() {
  const { token = "" } = useParams();
  const board = useLiveBoard({ kind: "display", token });
  const [qr, setQr] = useState<string>();
  const checkInUrl = board.data?.checkInUrl;
  useEffect(() => {
    if (checkInUrl)
      QRCode.toDataURL(checkInUrl, { margin: 1, width: 260 }).then(setQr, () => setQr(undefined));
  }, [checkInUrl]);

  if (board.isPending) return <PageLoading />;
  if (board.isError || !board.data) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-ink p-8 text-3xl text-white">
        This display link is not valid.
      </main>
    );
  }
  const data = board.data;
  return (
    <main className="min-h-screen bg-ink p-6 text-ink">
      <header className="mb-6 flex items-center justify-between text-white">
        <h1 className="text-4xl font-black">{data.club.name}</h1>
        <p className="text-2xl">{data.session?.name ?? ""}</p>
      </header>
      {!data.session ? (
        <p className="mt-24 text-center text-4xl text-white">{messages.board.empty}</p>
      ) : (
        <div className="grid gap-6 xl:grid-cols-[1fr_26rem]">
          <div className="flex flex-col gap-6">
            <WaitingBanner board={data} large />
            {/* Read from across a gym: two columns up to 4 courts, four up to 8, all the width. */}
            <div
              className={data.courts.length > 4 ? "grid gap-4 lg:grid-cols-4" : "grid gap-6 lg:grid-cols-2"}
            >
              {data.courts.map((court) => (
                <CourtCard key={court.id} court={court} canManage={false} large />
              ))}
            </div>
          </div>
          <aside className="flex flex-col gap-6">
            <div className="rounded-2xl bg-white p-5" data-testid="next-groups">
              <h2 className="mb-3 text-3xl font-black">Up next</h2>
              <ol className="flex flex-col gap-4">
                {groups(data.queue.map((q) => q.name)).map((group, i) => (
                  <li key={group.join("|")}>
                    <p className="text-lg font-semibold tracking-wide text-muted uppercase">Group {i + 1}</p>
                    <p className="text-2xl leading-snug font-bold break-words">{group.join(" · ")}</p>
                  </li>
                ))}
              </ol>
            </div>
            {qr ? (
              <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-5 text-center">
                <img src={qr} alt="Scan to check in" className="h-56 w-56" />
                <p className="text-xl font-semibold">Scan to check in</p>
              </div>
            ) : null}
          </aside>
        </div>
      )}
    </main>
  );
}

/** The next three groups of four from the front of the line. */
function groups(names: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < names.length && out.length < 3; i += 4) out.push(names.slice(i, i + 4));
  return out;
}
