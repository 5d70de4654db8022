import { describe, expect, it } from "vitest";
import { tvNameForms } from "./tv-names.js";

describe("names on the TV", () => {
  it("offers the whole name, then the first name and the last's initial, then the first name alone", () => {
    const forms = tvNameForms(["Maximiliana Featherstonehaugh-Oyelaran", "Jo Chen", "Ava Park"]);
    expect(forms.get("Maximiliana Featherstonehaugh-Oyelaran")).toEqual([
      "Maximiliana Featherstonehaugh-Oyelaran",
      "Maximiliana F.",
      "Maximiliana",
    ]);
    expect(forms.get("Jo Chen")).toEqual(["Jo Chen", "Jo C.", "Jo"]);
  });

  it("takes as much of the last name as tells two people with the same first name apart", () => {
    const forms = tvNameForms(["Maria Gutierrez", "Maria Gomez", "Maria Lopez"]);
    expect(forms.get("Maria Gutierrez")).toEqual(["Maria Gutierrez", "Maria Gu."]);
    expect(forms.get("Maria Gomez")).toEqual(["Maria Gomez", "Maria Go."]);
    // No other Maria's last name starts with L; the first name alone would be anyone's.
    expect(forms.get("Maria Lopez")).toEqual(["Maria Lopez", "Maria L."]);
  });

  it("reads first names without regard to case, and keeps a whole name that cannot be told apart", () => {
    const forms = tvNameForms(["Fay Novak", "fay Novakova", "Cher"]);
    // Every start of "Novak" is a start of "Novakova" too: no shorter form tells them apart.
    expect(forms.get("Fay Novak")).toEqual(["Fay Novak"]);
    expect(forms.get("fay Novakova")).toEqual(["fay Novakova", "fay Novako."]);
    expect(forms.get("Cher")).toEqual(["Cher"]);
  });
});
