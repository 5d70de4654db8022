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
  // Text drawn smaller (FitName's data-scale) narrows with its size.
  Object.defineProperty(HTMLElement.prototype, "scrollWidth", {
    configurable: true,
    get(this: HTMLElement) {
      const scale = Number(this.dataset.scale ?? 1);
      return Math.max(width, Math.ceil((this.textContent ?? "").length * 10 * scale));
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
        <FitName name={whole} testId="name" style={{ fontSize: "50px" }} />
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
    await resize(400);
    expect(name.textContent).toBe(whole);
    expect(name.style.fontSize).toBe("50px");
  });

  it("draws a name too long in every form smaller, never cut, and wraps it only past half its size", async () => {
    width = 300;
    render(
      <TvNameForms.Provider value={forms}>
        <FitName name={whole} testId="name" style={{ fontSize: "50px" }} />
      </TvNameForms.Provider>,
    );
    const name = screen.getByTestId("name");
    // "Maximiliana" is 110 pixels: at 88 it is drawn at under 0.8 of its size, and fits.
    await resize(88);
    expect(name.textContent).toBe("Maximiliana");
    const scale = Number(name.dataset.scale);
    expect(scale).toBeLessThanOrEqual(0.8);
    expect(scale).toBeGreaterThan(0.7);
    // calc(50px * scale), as jsdom writes it.
    expect(Number.parseFloat(name.style.fontSize.replace(/^calc\(/, ""))).toBeCloseTo(50 * scale, 1);
    expect(name.scrollWidth).toBeLessThanOrEqual(88);
    expect(name.className).toContain("whitespace-nowrap");
    expect(name.className).not.toContain("truncate");

    // Under half the size it would need: half its size, on as many lines as it takes.
    await resize(40);
    expect(name.dataset.scale).toBe("0.500");
    expect(name.className).toContain("whitespace-normal");

    await resize(300);
    expect(name.textContent).toBe(whole);
    expect(name.dataset.scale).toBeUndefined();
  });

  it("shows a name with no other forms as it is", () => {
    width = 500;
    render(<FitName name="Cher Sarkisian" testId="plain" style={{}} />);
    expect(screen.getByTestId("plain").textContent).toBe("Cher Sarkisian");
  });
});
