// The board, kept live: fetched through the normal API, and refetched whenever the WebSocket
// says its version moved. The socket reconnects with backoff and, on every (re)connect, the
// "hello" version tells whether anything was missed while away.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { BoardView } from "../../../shared/contracts/board.js";
import { boardEndpoints, displayEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { call } from "../../lib/api.js";

export function useLiveBoard(source: { kind: "club"; orgId: string } | { kind: "display"; token: string }) {
  const queryClient = useQueryClient();
  // The socket is not an endpoint of the contract (live-routes.ts): its path is written here.
  const socketPath =
    source.kind === "club" ? `/api/orgs/${source.orgId}/board/ws` : `/api/display/${source.token}/ws`;
  const kind = source.kind;
  const id = source.kind === "club" ? source.orgId : source.token;
  const queryKey = ["board", kind, id];
  const query = useQuery({
    queryKey,
    queryFn: () =>
      source.kind === "club"
        ? call(boardEndpoints.board, { params: { orgId: source.orgId } })
        : call(displayEndpoints.board, { params: { token: source.token } }),
    retry: 1,
  });
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let socket: WebSocket | undefined;
    let attempt = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const protocol = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${protocol}://${window.location.host}${socketPath}`);
      socket.onopen = () => {
        attempt = 0;
        setConnected(true);
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; version: number };
        const known = queryClient.getQueryData<BoardView>(["board", kind, id])?.version ?? -1;
        if (message.version !== known) void queryClient.invalidateQueries({ queryKey: ["board", kind, id] });
      };
      socket.onclose = () => {
        setConnected(false);
        if (stopped) return;
        // Back off 1 s, 2 s, 4 s ... up to 15 s, so a restarting server is not hammered.
        timer = setTimeout(open, Math.min(15_000, 1000 * 2 ** attempt++));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [socketPath, kind, id, queryClient]);

  return { ...query, connected };
}
