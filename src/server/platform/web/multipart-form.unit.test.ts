import { describe, expect, it } from "vitest";
import { boundaryOf, parseMultipartForm } from "./multipart-form.js";

const crlf = (...lines: string[]) => lines.join("\r\n");

describe("parseMultipartForm", () => {
  it("reads text fields, skipping the preamble and the epilogue, keeping line breaks inside a value", () => {
    const body = crlf(
      "This preamble is ignored.",
      "--AaB03x",
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      "Content-Type: text/plain; charset=utf-8",
      "",
      "One-Click",
      "--AaB03x  ",
      'content-disposition: form-data; name="note"',
      "",
      "two\r\nlines 🏓",
      "--AaB03x--",
      "and an epilogue",
    );
    expect(parseMultipartForm(body, "AaB03x")).toEqual({
      "List-Unsubscribe": "One-Click",
      note: "two\r\nlines 🏓",
    });
  });

  it("reads RFC 8058's example, whose delimiter lines are its boundary without the leading --", () => {
    const body = crlf(
      "---FormBoundaryjWmhtjORrn",
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      "",
      "One-Click",
      "---FormBoundaryjWmhtjORrn--",
    );
    expect(parseMultipartForm(body, "---FormBoundaryjWmhtjORrn")).toEqual({
      "List-Unsubscribe": "One-Click",
    });
  });

  it("refuses files, unnamed parts, missing header blocks and a body never closed", () => {
    const named = 'Content-Disposition: form-data; name="a"';
    for (const body of [
      crlf("--b", 'Content-Disposition: form-data; name="f"; filename="x.txt"', "", "x", "--b--"),
      crlf("--b", "Content-Disposition: attachment", "", "x", "--b--"),
      crlf("--b", named, "x", "--b--"),
      crlf("--b", named, "", "x"),
      crlf("--b--"),
      "",
    ]) {
      expect(() => parseMultipartForm(body, "b"), JSON.stringify(body)).toThrow(/not valid multipart/);
    }
  });
});

describe("boundaryOf", () => {
  it("takes a plain or quoted boundary, and refuses a missing or over-long one", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    for (const header of [
      undefined,
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `x; boundary=${"b".repeat(71)}`,
    ]) {
      expect(() => boundaryOf(header)).toThrow(/boundary/);
    }
  });
});

describe("parseMultipartForm's result", () => {
  it("holds a field named __proto__ as its own, leaving the prototype alone", () => {
    const body = crlf("--b", 'Content-Disposition: form-data; name="__proto__"', "", "x", "--b--");
    const fields = parseMultipartForm(body, "b");
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, "__proto__")).toBe(true);
  });
});
