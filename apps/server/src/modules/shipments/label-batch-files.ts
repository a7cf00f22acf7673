import {
  BATCH_COLUMN_ALIASES,
  BATCH_COLUMNS,
  BATCH_LIMITS,
  BATCH_MESSAGES,
  BATCH_TRACKING_COLUMNS,
  type BatchCells,
  type BatchColumn,
  csvLine,
  fromCents,
  carrierWireName,
} from '@airbox/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../errors.js';

/**
 * The files of a label batch (issue 25 item 1): the upload read into rows (a CSV file's bytes, or
 * cells pasted from a spreadsheet), each refusal naming what is wrong before anything is kept; the
 * tracking CSV (cells a spreadsheet could run as formulas neutralised, OWASP); the labels merged.
 */

/** A row of the upload: its line in the file (for messages) and its cells by column. */
export interface UploadedRow {
  line: number;
  cells: BatchCells;
}

export interface ReadUpload {
  rows: UploadedRow[];
}

const invalid = (message: string) => AppError.invalid(message);

/** The most characters a cell holds (the contract's cells for a row's fix: batchCellsSchema). */
const BATCH_CELL_MAX = 1000;
/** Standard base64, padded or not. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

export const BATCH_FILE_MESSAGES = {
  notBase64: "file: is not base64. Send the file's bytes base64-encoded (or the pasted cells as text).",
  cellTooLong: (line: number, column: string, length: number) =>
    `line ${line}: the ${column} cell has ${length.toLocaleString('en-US')} characters; a cell holds at most ${BATCH_CELL_MAX.toLocaleString('en-US')}. Shorten it in your spreadsheet and upload the file again.`,
} as const;

/** What a file that is not text is, by its first bytes; undefined when it may be text. */
function fileKind(bytes: Buffer): string | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF document';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'an Excel workbook (.xlsx) or another zip file';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'an Excel 97-2003 workbook (.xls)';
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46, 0x38)) return 'an image';
  if (starts(0x1f, 0x8b)) return 'a gzip archive';
  if (starts(0x7b, 0x5c, 0x72, 0x74, 0x66)) return 'a rich-text document (.rtf)';
  return undefined;
}

/** The line (1-based) of a byte offset. */
function lineOf(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i += 1) if (bytes[i] === 0x0a) line += 1;
  return line;
}

/** The first byte that is not UTF-8, or -1. */
function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k += 1) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

/** A CSV file's bytes as text: UTF-8 with or without its BOM; anything else refused naming what it is. */
export function decodeBatchFile(bytes: Buffer): string {
  if (bytes.length === 0) throw invalid(BATCH_MESSAGES.emptyFile);
  if (bytes.length > BATCH_LIMITS.fileBytes) throw invalid(BATCH_MESSAGES.tooLarge(BATCH_LIMITS.fileBytes));
  const kind = fileKind(bytes);
  if (kind) throw invalid(BATCH_MESSAGES.wrongKind(kind));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw invalid(BATCH_MESSAGES.utf16);
  const nul = bytes.indexOf(0);
  // UTF-16 without its BOM: every other byte of ASCII text is 0.
  if (nul !== -1) throw invalid(nul <= 1 && bytes.length > 3 && (bytes[1] === 0 || bytes[0] === 0) ? BATCH_MESSAGES.utf16 : BATCH_MESSAGES.wrongKind('a binary file'));
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) throw invalid(BATCH_MESSAGES.notUtf8(lineOf(bytes, bad)));
  const text = bytes.toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The line where a quote that is never closed was opened. */
function unclosedQuoteLine(text: string, delimiter: string): number {
  let line = 1;
  let open = 0;
  let inQuote = false;
  let cellStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inQuote) {
      if (char === '"') {
        if (text[i + 1] === '"') i += 1;
        else inQuote = false;
      } else if (char === '\n') line += 1;
      continue;
    }
    if (char === '"' && cellStart) {
      inQuote = true;
      open = line;
    }
    if (char === '\n') line += 1;
    cellStart = char === delimiter || char === '\n' || char === '\r';
  }
  return inQuote ? open : line;
}

const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed (a " without its closing ")',
  CSV_INVALID_CLOSING_QUOTE: 'text follows a closing quote inside a cell (write "" for a quote in a quoted cell)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows a closing quote inside a cell (write "" for a quote in a quoted cell)',
};

/** The header's cell read as a column, or undefined. */
function columnOf(header: string): BatchColumn | undefined {
  const key = header.trim().toLowerCase().replace(/[\s.-]+/g, '_');
  if ((BATCH_COLUMNS as readonly string[]).includes(key)) return key as BatchColumn;
  return BATCH_COLUMN_ALIASES[key];
}

/** The header columns every file has: without them no row could be a label. */
const REQUIRED_COLUMNS: readonly BatchColumn[] = ['name', 'street1', 'city', 'zip'];

/**
 * Text (a decoded file, or pasted cells) read into rows: a header naming the columns, then a row
 * a line; empty lines skipped. Refused (400) naming the line or the header's problem; at most
 * BATCH_LIMITS.rows rows.
 */
export function readBatchText(text: string, delimiter: ',' | '\t'): ReadUpload {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter, info: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? unclosedQuoteLine(text, delimiter) : Number((error as CsvError & { lines?: number }).lines ?? 0);
      throw invalid(BATCH_MESSAGES.malformed(line, CSV_PROBLEMS[error.code] ?? error.message.replace(/ at line \d+.*$/, '')));
    }
    throw error;
  }
  const content = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  const [header, ...rows] = content;
  if (!header) throw invalid(BATCH_MESSAGES.emptyFile);
  const columns = header.record.map(columnOf);
  const unknown = header.record.filter((cell, i) => columns[i] === undefined && cell.trim() !== '');
  if (unknown.length > 0) throw invalid(BATCH_MESSAGES.unknownHeader(unknown.map((cell) => cell.trim())));
  const seen = new Set<BatchColumn>();
  for (const column of columns) {
    if (column === undefined) continue;
    if (seen.has(column)) throw invalid(BATCH_MESSAGES.repeatedHeader(column));
    seen.add(column);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !seen.has(column));
  if (missing.length > 0) throw invalid(BATCH_MESSAGES.missingHeader(missing));
  if (rows.length === 0) throw invalid(BATCH_MESSAGES.noRows);
  if (rows.length > BATCH_LIMITS.rows) throw invalid(BATCH_MESSAGES.tooManyRows(rows.length));
  return {
    rows: rows.map(({ record, info }) => {
      const extra = record.slice(header.record.length).some((cell) => cell.trim() !== '');
      if (extra) throw invalid(BATCH_MESSAGES.malformed(info.lines, `${record.length} cells, but the header names ${header.record.length} columns`));
      const cells = Object.fromEntries(BATCH_COLUMNS.map((column) => [column, ''])) as BatchCells;
      columns.forEach((column, i) => {
        if (!column) return;
        const cell = (record[i] ?? '').trim();
        // Named rather than cut: a cut cell would be checked, and printed, as something the customer never wrote.
        if (cell.length > BATCH_CELL_MAX) throw invalid(BATCH_FILE_MESSAGES.cellTooLong(info.lines, column, cell.length));
        cells[column] = cell;
      });
      return { line: info.lines, cells };
    }),
  };
}

/** The upload's rows: the file's bytes (base64) as CSV, or pasted cells (tabs, else commas). */
export function readBatchUpload(input: { file: string; text: string }): ReadUpload {
  if (input.file !== '') {
    // Buffer.from skips what is not base64: a file sent another way (its text, a data: URL) is named, not read as noise.
    if (!BASE64.test(input.file)) throw invalid(BATCH_FILE_MESSAGES.notBase64);
    const bytes = Buffer.from(input.file, 'base64');
    const text = decodeBatchFile(bytes);
    const firstLine = text.slice(0, text.search(/\r?\n|$/));
    // A file saved as "Text (Tab delimited)": its header has tabs and no comma.
    return readBatchText(text, firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',');
  }
  if (Buffer.byteLength(input.text, 'utf8') > BATCH_LIMITS.fileBytes) throw invalid(BATCH_MESSAGES.tooLarge(BATCH_LIMITS.fileBytes));
  const text = input.text.startsWith('\uFEFF') ? input.text.slice(1) : input.text;
  return readBatchText(text, text.includes('\t') ? '\t' : ',');
}

/** A row of the tracking CSV. */
export interface TrackingLine {
  row: number;
  reference: string;
  recipient: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  priceCents: number;
  status: string;
}

/** The tracking CSV: UTF-8 with a BOM (spreadsheets then read it as UTF-8), CRLF lines, each cell neutralised (csvLine). */
export function trackingCsv(lines: readonly TrackingLine[]): Buffer {
  const text = [
    csvLine(BATCH_TRACKING_COLUMNS),
    ...lines.map((line) =>
      csvLine([String(line.row), line.reference, line.recipient, line.carrier ? carrierWireName(line.carrier) : '', line.service, line.trackingNumber, fromCents(line.priceCents), line.status]),
    ),
  ].join('\r\n');
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}
