// CSV as spreadsheets read it (RFC 4180, CRLF lines), for exports people open in Excel or
// Sheets. Names are typed by anyone who walks in, so a cell that a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) is written with a leading apostrophe.

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows as one CSV text, header first. It starts with a byte order mark: without it Excel
 * reads UTF-8 as its local code page, and "José" arrives as "JosÃ©".
 */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
