/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** Excel reads a UTF-8 file as such (Hebrew and accents intact) only when it starts with this mark. */
const BYTE_ORDER_MARK = "\uFEFF";

/**
 * One cell as RFC 4180 has it: quoted when it holds a quote, comma, or line break, quotes doubled.
 * Text a spreadsheet would run as a formula (=, +, -, @ first: a visitor's question may start so)
 * is led by an apostrophe, which spreadsheets show as text and do not run.
 */
function csvCell(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text, header first, lines ended by CRLF, with the byte order mark. */
export function csvText(rows: CsvCell[][]): string {
  return BYTE_ORDER_MARK + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** "Cost by model" → "cost-by-model-2025-03-01-to-2025-03-31.csv" */
export function csvFileName(title: string, range?: { startDate: string; endDate: string }): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return range ? `${slug}-${range.startDate}-to-${range.endDate}.csv` : `${slug}.csv`;
}

/** Saves the rows as a file the browser downloads; nothing leaves the browser. */
export function downloadCsv(fileName: string, rows: CsvCell[][]): void {
  const url = URL.createObjectURL(new Blob([csvText(rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
