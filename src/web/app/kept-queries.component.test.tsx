// The reads a night runs on are kept on the device and open offline; nobody's are kept once
// they sign out, but a TV's board (nobody signed in) is.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../lib/storage.js";
import { forgetKeptQueries, keepQueries, restoreKeptQueries } from "./kept-queries.js";

const board = { version: 7, courts: [] };

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const kept = () => JSON.parse(window.localStorage.getItem(storageKeys.keptQueries) ?? "null");

describe("kept queries", () => {
  it("keeps what the signed-in person read, and a new app opens on it", () => {
    const client = new QueryClient();
    const stop = keepQueries(client);
    client.setQueryData(["me"], { id: "u1" });
    client.setQueryData(["board", "club", "org-1"], board);
    client.setQueryData(["members", "org-1"], [{ id: "m1" }]);
    vi.advanceTimersByTime(1100);
    stop();
    expect(
      kept()
        .state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0])
        .sort(),
    ).toEqual(["board", "me", "members"]);

    const reopened = new QueryClient();
    restoreKeptQueries(reopened, Date.now(), false);
    expect(reopened.getQueryData(["board", "club", "org-1"])).toEqual(board);
    expect(reopened.getQueryData(["members", "org-1"])).toEqual([{ id: "m1" }]);
    // Shown, but fetched again as soon as it is read: never taken for fresh.
    expect(reopened.getQueryState(["me"])?.isInvalidated).toBe(true);
    // Online, an app opens on what is true now: nothing kept is put back.
    const online = new QueryClient();
    restoreKeptQueries(online, Date.now(), true);
    expect(online.getQueryData(["me"])).toBeUndefined();
  });

  it("writes at once when the page goes away or the network does, not a second later", () => {
    const client = new QueryClient();
    const stop = keepQueries(client);
    client.setQueryData(["me"], { id: "u1" });
    window.dispatchEvent(new Event("pagehide"));
    expect(kept().state.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual([["me"]]);

    client.setQueryData(["board", "club", "org-1"], board);
    window.dispatchEvent(new Event("offline"));
    expect(kept().state.queries).toHaveLength(2);
    stop();
  });

  it("keeps the night's reads alone when the rest would not fit", () => {
    const client = new QueryClient();
    const stop = keepQueries(client);
    client.setQueryData(["me"], { id: "u1" });
    client.setQueryData(["board", "club", "org-1"], board);
    client.setQueryData(["ladder", "org-1"], "x".repeat(1_100_000));
    vi.advanceTimersByTime(1100);
    stop();
    expect(
      kept()
        .state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0])
        .sort(),
    ).toEqual(["board", "me"]);
  });

  it("keeps nothing of a person once signed out, but keeps a TV's board", () => {
    const client = new QueryClient();
    const stop = keepQueries(client);
    client.setQueryData(["me"], { id: "u1" });
    client.setQueryData(["board", "club", "org-1"], board);
    vi.advanceTimersByTime(1100);
    client.setQueryData(["me"], null);
    vi.advanceTimersByTime(1100);
    expect(kept()).toBeNull();

    client.setQueryData(["board", "display", "tv-token"], board);
    vi.advanceTimersByTime(1100);
    stop();
    expect(kept().state.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual([
      ["board", "display", "tv-token"],
    ]);
    forgetKeptQueries();
    expect(kept()).toBeNull();
  });

  it("opens on nothing kept more than twelve hours ago", () => {
    const client = new QueryClient();
    const stop = keepQueries(client);
    client.setQueryData(["me"], { id: "u1" });
    vi.advanceTimersByTime(1100);
    stop();
    const reopened = new QueryClient();
    restoreKeptQueries(reopened, Date.now() + 13 * 3_600_000, false);
    expect(reopened.getQueryData(["me"])).toBeUndefined();
    expect(kept()).toBeNull();
  });
});
