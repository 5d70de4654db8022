import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "../../test/harness.js";
import { TrainingButton } from "./training-button.js";

describe("the header's Training button", () => {
  it("opens the tutorials and gives focus back to the button when they close", async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(<TrainingButton />);
    const button = screen.getByRole("button", { name: "Training" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Admin Training Tutorials" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(dialog.querySelectorAll("li").length).toBeGreaterThan(0);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
