import { parse as parseCsv } from 'csv-parse/sync';
import { describeIssues, type Gift, GiftSchema } from './schema.js';

export interface RowError {
  /** 1-based record number in the file (CSV: data row, not counting the header). */
  row: number;
  id?: string;
  problems: string[];
}

export type ParseOutcome = { ok: true; gifts: Gift[] } | { ok: false; errors: RowError[]; fileError?: string };

const LIST_FIELDS = [
  'categories',
  'interests',
  'relationships',
  'occasions',
  'contains',
  'presumesInterest',
  'presumes',
  'notFor',
  'keywords',
  'personal',
] as const;
const NUMBER_FIELDS = ['price', 'ageMin', 'ageMax', 'giftability'] as const;
/** Optional columns: an empty cell means the field is absent. */
const OPTIONAL_FIELDS = [
  'why',
  'giftability',
  'contains',
  'presumesInterest',
  'presumes',
  'gender',
  'notFor',
  'keywords',
  'kind',
  'recipient',
  'personal',
  'does',
  'serves',
  'marks',
  'atWork',
] as const;
/** Object columns: JSON text in the cell (`serves`: {"coffee": "…"}, `marks`: {"retirement": "…"}). */
const JSON_FIELDS = ['serves', 'marks'] as const;

/**
 * A cell a spreadsheet would run as a formula (a leading `=`, `+`, `-`, `@`, tab or CR) is
 * exported behind a `'` (OWASP's advice for CSV injection); the importer takes that `'` off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const unneutralise = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** The largest import file taken by default (about 10 million gifts): what is larger is refused unread. */
export const DEFAULT_MAX_IMPORT_BYTES = 1024 ** 3;

/** The columns every CSV file must have (the optional ones may be left out). */
export const CSV_REQUIRED_COLUMNS = [
  'id',
  'title',
  'description',
  'price',
  'categories',
  'interests',
  'ageMin',
  'ageMax',
  'relationships',
  'occasions',
] as const;

/**
 * The delimiter of a CSV file, from its header line: `,`, or `;` when the header has no comma but
 * semicolons (a spreadsheet in a locale whose decimal mark is a comma saves CSV that way).
 */
export function csvDelimiter(headerLine: string): ',' | ';' {
  return !headerLine.includes(',') && headerLine.includes(';') ? ';' : ',';
}

/** What is wrong with a CSV header, as one sentence with the fix; undefined when every required column is there. */
export function csvHeaderProblem(columns: readonly string[]): string | undefined {
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length === 0) return undefined;
  const shown = columns.slice(0, 3).map((c) => JSON.stringify(c.slice(0, 40)));
  return `the header lacks ${missing.length === 1 ? 'the column' : 'the columns'} ${missing.join(', ')} (it starts ${shown.join(', ')}${columns.length > 3 ? ', …' : ''}): the first line must name the columns ${CSV_REQUIRED_COLUMNS.join(',')}, separated by commas`;
}

/** One record of an import file checked against the schema: the gift, or what is wrong with it. */
export function validateRecord(record: unknown): { gift: Gift } | { id?: string; problems: string[] } {
  const parsed = GiftSchema.safeParse(record);
  if (parsed.success) return { gift: parsed.data };
  const id = typeof (record as { id?: unknown })?.id === 'string' ? (record as { id: string }).id : undefined;
  return { ...(id !== undefined && { id }), problems: describeIssues(parsed.error) };
}

/** CSV cells are text: lists are `|`- or `;`-separated, numbers are converted only when they look like numbers. */
export function csvRecordToObject(record: Record<string, string>): Record<string, unknown> {
  record = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, unneutralise(v)]));
  const out: Record<string, unknown> = { ...record };
  for (const field of OPTIONAL_FIELDS)
    if (typeof out[field] === 'string' && (out[field] as string).trim() === '') delete out[field];
  for (const field of LIST_FIELDS) {
    if (!(field in out)) continue;
    if (typeof record[field] === 'string') {
      out[field] = record[field]
        .split(/[|;]/)
        .map((s) => s.trim())
        .filter(Boolean);
    }
  }
  for (const field of JSON_FIELDS) {
    if (typeof out[field] !== 'string') continue;
    try {
      out[field] = JSON.parse(out[field] as string);
    } catch {
      // Left as text: the schema then names the field and what it expects.
    }
  }
  for (const field of NUMBER_FIELDS) {
    if (!(field in out)) continue;
    const text = record[field]?.trim();
    if (text !== undefined && /^-?\d+(\.\d+)?$/.test(text)) out[field] = Number(text);
  }
  return out;
}

/**
 * Validates a whole import file. Nothing is written unless every row is valid, so
 * callers get every bad row at once rather than fixing them one run at a time.
 */
export function parseCatalogFile(text: string, format: 'json' | 'csv'): ParseOutcome {
  let records: unknown[];
  try {
    if (format === 'json') {
      const data: unknown = JSON.parse(text);
      const list = Array.isArray(data) ? data : (data as { gifts?: unknown })?.gifts;
      if (!Array.isArray(list))
        return { ok: false, errors: [], fileError: 'expected a JSON array of gifts (or {"gifts": [...]})' };
      records = list;
    } else {
      records = (
        parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[]
      ).map(csvRecordToObject);
    }
  } catch (error) {
    return { ok: false, errors: [], fileError: `cannot parse ${format.toUpperCase()}: ${(error as Error).message}` };
  }
  const errors: RowError[] = [];
  const gifts: Gift[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const row = index + 1;
    const id = typeof (record as { id?: unknown })?.id === 'string' ? (record as { id: string }).id : undefined;
    const parsed = GiftSchema.safeParse(record);
    const problems = parsed.success ? [] : describeIssues(parsed.error);
    if (id !== undefined && seen.has(id)) problems.push(`id: duplicates row ${seen.get(id)}`);
    if (id !== undefined && !seen.has(id)) seen.set(id, row);
    if (problems.length) errors.push({ row, ...(id !== undefined && { id }), problems });
    else if (parsed.success) gifts.push(parsed.data);
  });
  if (records.length === 0) return { ok: false, errors: [], fileError: 'the file holds no gifts' };
  return errors.length ? { ok: false, errors } : { ok: true, gifts };
}

export function formatFromPath(path: string): 'json' | 'csv' {
  return path.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
}

/** CSV export mirrors what the importer reads (which takes `,` or `;` between cells, as spreadsheets write). */
export function giftsToCsv(gifts: Gift[], separator: ',' | ';' = ','): string {
  const header = [
    'id',
    'title',
    'description',
    'price',
    'categories',
    'interests',
    'ageMin',
    'ageMax',
    'relationships',
    'occasions',
    ...OPTIONAL_FIELDS,
  ];
  const cell = (value: unknown) => {
    const joined =
      value === undefined
        ? ''
        : Array.isArray(value)
          ? value.join('|')
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    const text = typeof value === 'number' ? joined : neutralise(joined);
    return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = gifts.map((g) => header.map((h) => cell(g[h as keyof Gift])).join(separator));
  return `${[header.join(separator), ...lines].join('\n')}\n`;
}
