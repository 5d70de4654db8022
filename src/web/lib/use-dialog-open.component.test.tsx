import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDialogOpen } from "./use-dialog-open.js";

function Probe() {
  return <p data-testid="probe">{useDialogOpen() ? "open" : "closed"}</p>;
}

describe("whether a dialog is open", () => {
  it("follows a dialog opening and closing anywhere on the page", async () => {
    render(<Probe />);
    expect(screen.getByTestId("probe").textContent).toBe("closed");
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("data-state", "open");
    await act(async () => {
      document.body.append(dialog);
    });
    expect(screen.getByTestId("probe").textContent).toBe("open");
    await act(async () => {
      dialog.setAttribute("data-state", "closed");
    });
    expect(screen.getByTestId("probe").textContent).toBe("closed");
  });
});
