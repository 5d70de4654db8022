import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { DisplayLinks } from "./display-links.js";

const url = "http://localhost/display/8FUspkMRg6fg8BqW2nXc4tLe";

afterEach(() => vi.unstubAllGlobals());

describe("DisplayLinks", () => {
  it("copies a TV link whole, which the dialog can only show cut short", async () => {
    mockApi({
      [`GET /api/orgs/${ORG_ID}/display-tokens`]: {
        tokens: [{ token: "8FUspkMRg6fg8BqW2nXc4tLe", url, createdAt: new Date().toISOString() }],
      },
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderWithApp(<DisplayLinks orgId={ORG_ID} />);
    await userEvent.click(screen.getByRole("button", { name: "TV Display" }));
    await userEvent.click(await screen.findByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText("Copied")).toBeTruthy();
  });
});
