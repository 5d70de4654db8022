import type { z } from "zod";
import type { boardSettingsBody } from "../../../shared/contracts/board.js";
import { api } from "../../lib/api.js";

export type PlayerAction = "break" | "return" | "skip" | "front" | "remove" | "bye" | "cancel-bye";

/** The organizer's board actions; each answers the new version, which the socket also announces. */
export const boardApi = {
  fill: (orgId: string) => api<{ version: number }>(`/api/orgs/${orgId}/board/fill`, { method: "POST" }),
  score: (orgId: string, gameId: string, scoreA: number, scoreB: number) =>
    api<{ version: number }>(`/api/orgs/${orgId}/board/games/${gameId}/score`, { body: { scoreA, scoreB } }),
  cancelGame: (orgId: string, gameId: string) =>
    api<{ version: number }>(`/api/orgs/${orgId}/board/games/${gameId}/cancel`, { method: "POST" }),
  player: (orgId: string, registrationId: string, action: PlayerAction) =>
    api<{ version: number }>(`/api/orgs/${orgId}/board/players/${registrationId}`, { body: { action } }),
  court: (orgId: string, courtId: string, available: boolean) =>
    api<{ version: number }>(`/api/orgs/${orgId}/board/courts/${courtId}`, {
      method: "PUT",
      body: { available },
    }),
  settings: (orgId: string, settings: z.input<typeof boardSettingsBody>) =>
    api<{ version: number }>(`/api/orgs/${orgId}/board/settings`, { method: "PUT", body: settings }),
};
