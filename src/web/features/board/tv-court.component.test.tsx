import { act, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FitName, TvNameForms } from "./tv-court.js";

// jsdom lays nothing out: a line is `width` pixels wide and each character takes 10.
let width = 300;
const resized: Array<() => void> = [];
const saved = {
  client: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth"),
  scroll: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "scrollWidth"),
  observer: globalThis.ResizeObserver,
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, "scrollWidth", {
    configurable: true,
    get(this: HTMLElement) {
      return Math.max(width, (this.textContent ?? "").length * 10);
    },
  });
  globalThis.ResizeObserver = class {
    constructor(private readonly changed: ResizeObserverCallback) {}
    observe() {
      resized.push(() => this.changed([], this as unknown as ResizeObserver));
    }
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => {
  if (saved.client) Object.defineProperty(HTMLElement.prototype, "clientWidth", saved.client);
  if (saved.scroll) Object.defineProperty(HTMLElement.prototype, "scrollWidth", saved.scroll);
  globalThis.ResizeObserver = saved.observer;
});

const whole = "Maximiliana Featherstonehaugh";
const forms = new Map([[whole, [whole, "Maximiliana F.", "Maximiliana"]]]);
const resize = async (to: number) => {
  width = to;
  await act(async () => {
    for (const changed of resized) changed();
  });
};

describe("a name on the TV", () => {
  it("shows the longest form that fits its line, again each time the line's size changes", async () => {
    width = 300;
    render(
      <TvNameForms.Provider value={forms}>
        <FitName name={whole} testId="name" style={{}} />
      </TvNameForms.Provider>,
    );
    const name = screen.getByTestId("name");
    // 29 characters: 290 pixels fit 300.
    expect(name.textContent).toBe(whole);
    expect(name.title).toBe(whole);

    await resize(150);
    expect(name.textContent).toBe("Maximiliana F.");
    await resize(120);
    expect(name.textContent).toBe("Maximiliana");
    // Too narrow for every form: the shortest, cut by the line.
    await resize(60);
    expect(name.textContent).toBe("Maximiliana");
    await resize(400);
    expect(name.textContent).toBe(whole);
  });

  it("shows a name with no other forms as it is", () => {
    width = 50;
    render(<FitName name="Cher Sarkisian" testId="plain" style={{}} />);
    expect(screen.getByTestId("plain").textContent).toBe("Cher Sarkisian");
  });
});
