import { Clock, SlidersHorizontal, Tv, UserPlus, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { BoardView } from "../../../shared/contracts/board.js";
import { rotationModes } from "../../../shared/contracts/board.js";
import { can } from "../../../shared/domain/capabilities.js";
import { messages } from "../../../shared/domain/messages.js";
import { teamLabels, teamRules } from "../../../shared/domain/team-rules.js";
import { useExamples } from "../../app/examples.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { FairnessReportButton } from "../../components/fairness-report.js";
import { Button } from "../../components/ui/button.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { cn } from "../../lib/cn.js";
import { useWakeLock } from "../../lib/wake-lock.js";
import { BoardAge } from "./board-age.js";
import { useBoardSettings, useFillCourts } from "./board-api.js";
import { CourtCard } from "./court-card.js";
import { DisplayLinks } from "./display-links.js";
import { HeldScoresBar } from "./held-scores-bar.js";
import { JoiningNow } from "./joining-now.js";
import { MyPlaceBanner } from "./my-place.js";
import { calledAtOf } from "./my-place-text.js";
import { NightOver, useNightJustOver } from "./night-over.js";
import { PairingsButton } from "./pairings-dialog.js";
import { QueuePanel } from "./queue-panel.js";
import { SampleBoard } from "./sample-board.js";
import { ScoreStrip } from "./score-strip.js";
import { StartPlay } from "./start-play.js";
import { UndoScoreBar } from "./undo-score-bar.js";
import { useLiveBoard } from "./use-live-board.js";

const modeLabels = {
  fair: "Fair rotation",
  "skill-balanced": "Skill-balanced",
  "king-of-the-court": "King of the court",
  "paddle-stack": "Paddle stack",
  "winners-stay": "Winners stay",
} as const;

const singlesOf = (board: BoardView) => board.courts.filter((c) => c.singles).map((c) => c.id);

/** The court board, live for the club's active session. */
export function BoardPage() {
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  return (
    <ClubBoard orgId={current.id} timeZone={current.timeZone} canEditClub={can(current.role, "club.edit")} />
  );
}

function ClubBoard({
  orgId,
  timeZone,
  canEditClub,
}: {
  orgId: string;
  timeZone: string;
  canEditClub: boolean;
}) {
  const board = useLiveBoard({ kind: "club", orgId });
  const { showExamples, clearExamples } = useExamples();
  const data = board.data;
  // Whether this person runs the night is the board's own answer, the one its actions obey.
  const canManage = data?.canManage ?? false;
  // A player's board with nothing running points to the night just over, if there was one.
  const nightOver = useNightJustOver(orgId, board.isSuccess && !data?.session && !canManage);
  // The organizer's phone stays on while their session runs: a score is a tap, not an unlock.
  useWakeLock(canManage && Boolean(data?.session));
  if (board.isPending && board.fetchStatus === "paused")
    return (
      <p className="mx-auto max-w-xl px-4 py-16 text-center text-muted" role="status">
        You're offline, and the court board has not been opened on this device yet. It shows as soon as the
        network is back.
      </p>
    );
  if (board.isPending) return <PageLoading />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Court Board</h1>
          <p className="text-sm text-muted">
            {data?.session ? data.session.name : "No active session"}
            {data?.session ? (
              <>
                {" · "}
                <BoardAge connected={board.connected} updatedAt={board.dataUpdatedAt} timeZone={timeZone} />
              </>
            ) : null}
          </p>
        </div>
        {canEditClub ? (
          <div data-tour="display-links">
            <DisplayLinks orgId={orgId} />
          </div>
        ) : null}
      </div>
      {!data?.session ? (
        canManage ? (
          <StartPlay orgId={orgId} timeZone={timeZone} />
        ) : nightOver.data ? (
          <NightOver session={nightOver.data} />
        ) : nightOver.isPending ? (
          <PageLoading />
        ) : showExamples ? (
          <SampleBoard onClear={clearExamples} />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center text-muted">
            {messages.board.empty}
          </p>
        )
      ) : (
        <LiveBoard board={data} orgId={orgId} timeZone={timeZone} />
      )}
    </div>
  );
}

function LiveBoard({ board, orgId, timeZone }: { board: BoardView; orgId: string; timeZone: string }) {
  const myId = board.me && board.me.state !== "not-checked-in" ? findMyRegistration(board) : null;
  const settings = useBoardSettings(orgId);
  return (
    <>
      {board.me ? (
        <MyPlaceBanner
          me={board.me}
          orgId={orgId}
          timeZone={timeZone}
          calledAt={calledAtOf(board.me, board.courts)}
          sessionId={board.session?.id ?? ""}
        />
      ) : null}
      <WaitingBanner board={board} />
      {board.canManage ? <HeldScoresBar orgId={orgId} /> : null}
      {board.canManage ? <OrganizerBar board={board} orgId={orgId} /> : null}
      {board.canManage ? <ScoreStrip board={board} orgId={orgId} /> : null}
      {/* minmax(0, 1fr), not auto: a long name in a court card must not widen the page. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div
          className="grid grid-cols-[minmax(0,1fr)] content-start gap-4 md:grid-cols-[repeat(2,minmax(0,1fr))]"
          data-tour="courts"
        >
          {board.courts.map((court) => (
            <CourtCard
              key={court.id}
              court={court}
              orgId={orgId}
              canManage={board.canManage}
              highlight={myId}
              callTimeoutMinutes={board.callTimeoutMinutes}
              inRounds={board.mode === "king-of-the-court"}
              sessionId={board.session?.id}
              onToggleSingles={() =>
                settings.run({
                  mode: board.mode,
                  singlesCourts: court.singles
                    ? singlesOf(board).filter((id) => id !== court.id)
                    : [...singlesOf(board), court.id],
                })
              }
            />
          ))}
        </div>
        <QueuePanel board={board} orgId={orgId} highlight={myId} timeZone={timeZone} />
      </div>
      {board.canManage ? <UndoScoreBar orgId={orgId} board={board} /> : null}
    </>
  );
}

function WaitingBanner({ board }: { board: BoardView }) {
  // The same words as the TV's header and the dashboard's, for the organizer asked "how long's the wait?".
  const average = board.stats.averageWaitMinutes;
  return (
    <div
      className="flex flex-wrap gap-x-4 gap-y-1 rounded-2xl bg-brand-800 px-4 py-3 text-white sm:gap-x-8 sm:gap-y-2 sm:px-6 sm:py-4"
      data-testid="waiting-banner"
    >
      {/* Each figure's words are one flex item beside its icon: as separate items, a phone's
          narrow banner squeezed them until "14" and "min" broke across lines. */}
      <span className="flex items-center gap-2">
        <Users className="h-5 w-5 shrink-0" />
        <span>
          <strong>{board.stats.waiting}</strong> waiting
          <JoiningNow range={board.stats.joiningWait} />
        </span>
      </span>
      {average === null ? null : (
        <span className="flex items-center gap-2">
          <Clock className="h-5 w-5 shrink-0" />
          <span>
            Average wait tonight{" "}
            <strong className="whitespace-nowrap">
              {average} {average === 1 ? "minute" : "minutes"}
            </strong>
          </span>
        </span>
      )}
      <span>
        <strong>{board.stats.activePlayers}</strong> active players
      </span>
      {/* The event's players are off open play's line: counted apart, not lost. */}
      {board.stats.inEvent > 0 ? (
        <span data-testid="in-event-count">
          <strong>{board.stats.inEvent}</strong> in the event
        </span>
      ) : null}
    </div>
  );
}

/**
 * Fill Courts and Check In, then the night's settings. On a phone the settings fold behind one
 * button: laid out one a row they filled the organizer's whole first screen, and the courts,
 * what an organizer scoring standing up needs, began below it.
 */
function OrganizerBar({ board, orgId }: { board: BoardView; orgId: string }) {
  const fill = useFillCourts(orgId);
  const settings = useBoardSettings(orgId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <div
      // On a phone two a row, the night's settings across: one a row, three buttons alone
      // took a third of the screen.
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-2 rounded-2xl border border-slate-200 bg-white p-3 sm:flex sm:flex-wrap sm:items-center sm:gap-3"
      data-tour="organizer-bar"
      data-testid="organizer-bar"
    >
      <Button size="touch" onClick={() => fill.run()}>
        <Tv className="h-4 w-4" /> Fill Courts
      </Button>
      {/* Players are checked in (and walk-ins added) on the session's page: one tap away. */}
      {board.session ? (
        <Button asChild size="touch" variant="secondary">
          <Link to={`/sessions/${board.session.id}`}>
            <UserPlus className="h-4 w-4" /> Check In Players
          </Link>
        </Button>
      ) : null}
      <Button
        size="touch"
        variant="secondary"
        className="col-span-2 sm:hidden"
        aria-expanded={settingsOpen}
        aria-controls="board-settings"
        onClick={() => setSettingsOpen((open) => !open)}
      >
        <SlidersHorizontal className="h-4 w-4" /> Board Settings
      </Button>
      {/* On a phone a box of its own (what the button controls), on the bar's two columns; on a
          wide screen `contents`, flowing in the bar's own row. */}
      <div
        id="board-settings"
        className={cn(
          "col-span-2 grid grid-cols-subgrid gap-2 sm:contents",
          !settingsOpen && "max-sm:hidden",
        )}
      >
        <Setting
          label="Rotation"
          value={board.mode}
          onChange={(mode) => settings.run({ mode: mode as BoardView["mode"] })}
        >
          {rotationModes.map((mode) => (
            <option key={mode} value={mode}>
              {modeLabels[mode]}
            </option>
          ))}
        </Setting>
        {/* Team rules shape fair and skill-balanced play; the other formats keep their own order. */}
        {board.mode === "fair" || board.mode === "skill-balanced" ? (
          <Setting
            label="Teams"
            value={board.teams}
            onChange={(teams) => settings.run({ mode: board.mode, teams: teams as BoardView["teams"] })}
          >
            {teamRules.map((rule) => (
              <option key={rule} value={rule}>
                {teamLabels[rule]}
              </option>
            ))}
          </Setting>
        ) : null}
        <Setting
          label="Answer within"
          value={String(board.callTimeoutMinutes ?? "")}
          onChange={(minutes) =>
            settings.run({ mode: board.mode, callTimeoutMinutes: minutes ? Number(minutes) : null })
          }
        >
          <option value="">No limit</option>
          {[2, 3, 5].map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} min
            </option>
          ))}
        </Setting>
        <PairingsButton board={board} orgId={orgId} />
        <FairnessReportButton orgId={orgId} />
      </div>
      {board.organizer?.teamsNote && board.teams !== "open" ? (
        <p className="col-span-2 basis-full text-sm text-muted" data-testid="teams-note">
          {board.organizer.teamsNote}
        </p>
      ) : null}
    </div>
  );
}

/** One of the night's settings: its name and its choices, a thumb's height, taking the row on a phone. */
function Setting({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="col-span-2 flex items-center gap-2 text-sm">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 rounded-lg border border-slate-300 bg-white px-2 max-sm:flex-1"
      >
        {children}
      </select>
    </label>
  );
}

function findMyRegistration(board: BoardView): string | null {
  const me = board.me;
  if (!me) return null;
  if (me.state === "waiting" || me.state === "up-next")
    return board.queue.find((q) => q.position === me.position)?.registrationId ?? null;
  return null;
}
