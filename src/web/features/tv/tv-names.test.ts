import { describe, expect, it } from "vitest";
import { nameParts, tvNameForms } from "./tv-names.js";

describe("names on the TV", () => {
  it("offers the whole name, then the first name and the surname's initial, then the first name alone", () => {
    const forms = tvNameForms(["Maximiliana Featherstonehaugh-Oyelaran", "Jo Chen", "Ava Park"]);
    expect(forms.get("Maximiliana Featherstonehaugh-Oyelaran")).toEqual([
      "Maximiliana Featherstonehaugh-Oyelaran",
      "Maximiliana F.",
      "Maximiliana",
    ]);
    expect(forms.get("Jo Chen")).toEqual(["Jo Chen", "Jo C.", "Jo"]);
  });

  it("takes as much of the surname as tells two people with the same first name apart", () => {
    const forms = tvNameForms(["Maria Gutierrez", "Maria Gomez", "Maria Lopez"]);
    expect(forms.get("Maria Gutierrez")).toEqual(["Maria Gutierrez", "Maria Gu."]);
    expect(forms.get("Maria Gomez")).toEqual(["Maria Gomez", "Maria Go."]);
    // No other Maria's surname starts with L; the first name alone would be anyone's.
    expect(forms.get("Maria Lopez")).toEqual(["Maria Lopez", "Maria L."]);
  });

  it("reads first names without regard to case, and keeps a whole name that cannot be told apart", () => {
    const forms = tvNameForms(["Fay Novak", "fay Novakova", "Cher", "Cher Sarkisian"]);
    // Every start of "Novak" is a start of "Novakova" too: no shorter form tells them apart.
    expect(forms.get("Fay Novak")).toEqual(["Fay Novak"]);
    expect(forms.get("fay Novakova")).toEqual(["fay Novakova", "fay Novako."]);
    expect(forms.get("Cher")).toEqual(["Cher"]);
    // "Cher" alone is the other Cher's name.
    expect(forms.get("Cher Sarkisian")).toEqual(["Cher Sarkisian", "Cher S."]);
  });

  it("never takes a suffix for a surname: Christopher Montgomery III is Christopher M.", () => {
    const forms = tvNameForms([
      "Christopher Montgomery III",
      "Robert Downey Jr.",
      "Robert Downey, Sr.",
      "Martin Luther King Jr",
      "Ann Lee PhD",
      "Priya V",
    ]);
    expect(forms.get("Christopher Montgomery III")).toEqual([
      "Christopher Montgomery III",
      "Christopher M.",
      "Christopher",
    ]);
    // Two Roberts whose surnames are the same: the suffix is all that tells them apart.
    expect(forms.get("Robert Downey Jr.")).toEqual(["Robert Downey Jr."]);
    expect(forms.get("Martin Luther King Jr")).toEqual(["Martin Luther King Jr", "Martin K.", "Martin"]);
    expect(forms.get("Ann Lee PhD")).toEqual(["Ann Lee PhD", "Ann L.", "Ann"]);
    // A one-letter surname is a surname, not a suffix, when nothing else is left.
    expect(forms.get("Priya V")).toEqual(["Priya V", "Priya"]);
  });

  it("keeps a guest's or a title's word with the first name it belongs to", () => {
    const forms = tvNameForms(["Guest Cy Bartholomew", "Guest Dana Whitfield", "Guest Bo Li", "Dr. Ann Lee"]);
    expect(forms.get("Guest Cy Bartholomew")).toEqual(["Guest Cy Bartholomew", "Guest Cy B.", "Guest Cy"]);
    expect(forms.get("Guest Dana Whitfield")).toEqual([
      "Guest Dana Whitfield",
      "Guest Dana W.",
      "Guest Dana",
    ]);
    // "Guest Bo L." is no shorter than the whole name.
    expect(forms.get("Guest Bo Li")).toEqual(["Guest Bo Li", "Guest Bo"]);
    expect(forms.get("Dr. Ann Lee")).toEqual(["Dr. Ann Lee", "Dr. Ann L.", "Dr. Ann"]);
  });

  it("splits a name into its given part and its surname", () => {
    expect(nameParts("Christopher Montgomery III")).toEqual({ given: "Christopher", surname: "Montgomery" });
    expect(nameParts("Robert Downey, Jr.")).toEqual({ given: "Robert", surname: "Downey" });
    expect(nameParts("Mary Ann Lee")).toEqual({ given: "Mary", surname: "Lee" });
    expect(nameParts("Guest Cy Barnes")).toEqual({ given: "Guest Cy", surname: "Barnes" });
    expect(nameParts("  Jo   Chen ")).toEqual({ given: "Jo", surname: "Chen" });
    expect(nameParts("Cher")).toBeNull();
    expect(nameParts("Guest 3")).toEqual({ given: "Guest", surname: "3" });
  });
});
