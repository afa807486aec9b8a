import 'server-only';
import type { ConversionReport, ConversionRow } from '@/lib/shared/schemas/funnel';

export const REPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a row without a lander or network is called in a table. */
const NO_LANDER = '(none)';
const NO_NETWORK = '(none)';

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);

/** Control characters (a terminal could take them as commands) shown as � in the table. */
const printable = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');

function columns(
  report: ConversionReport,
): { title: string; cell: (row: ConversionRow) => string; isNumber: boolean }[] {
  return [
    ...(report.by === 'network'
      ? []
      : [
          {
            title: 'lander',
            cell: (r: ConversionRow) => printable(r.lander ?? NO_LANDER),
            isNumber: false,
          },
        ]),
    ...(report.by === 'lander'
      ? []
      : [
          {
            title: 'network',
            cell: (r: ConversionRow) => printable(r.network ?? NO_NETWORK),
            isNumber: false,
          },
        ]),
    { title: 'views', cell: (r) => String(r.views), isNumber: true },
    { title: 'started', cell: (r) => String(r.signups_started), isNumber: true },
    { title: 'signups', cell: (r) => String(r.signups_completed), isNumber: true },
    { title: 'purchases', cell: (r) => String(r.first_purchases), isNumber: true },
    { title: 'signup/view', cell: (r) => percent(r.signup_rate), isNumber: true },
    { title: 'purchase/signup', cell: (r) => percent(r.purchase_rate), isNumber: true },
    { title: 'cam clicks', cell: (r) => String(r.cam_clicks), isNumber: true },
  ];
}

function table(report: ConversionReport): string {
  const cols = columns(report);
  const body = report.rows.map((row) => cols.map((col) => col.cell(row)));
  const total = cols.map((col, index) =>
    index === 0 ? 'total' : col.isNumber ? col.cell(report.totals) : '',
  );
  const widths = cols.map((col, i) =>
    Math.max(col.title.length, ...[...body, total].map((cells) => cells[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (cols[i]?.isNumber ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [
    `Conversions ${report.from} to ${report.to} (UTC), by ${report.by}`,
    '',
    line(cols.map((col) => col.title)),
    rule,
    ...(body.length ? body.map(line) : ['(no events in this range)']),
    rule,
    line(total),
  ].join('\n');
}

/**
 * First characters that make a spreadsheet run a cell as a formula (OWASP, CSV injection), with
 * the full-width forms some spreadsheets read the same way.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * A text cell: always in double quotes (inner quotes doubled), and prefixed with a single quote when
 * it would start a formula, so a spreadsheet shows the value as text and never runs it. Lander and
 * network names come from ad links anyone can make.
 */
const csvText = (value: string) => {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${defused.replaceAll('"', '""')}"`;
};

/**
 * CSV (RFC 4180): lander and network as quoted text cells, defused against formulas (empty for none),
 * counts as numbers, rates as fractions with four decimals.
 */
function csv(report: ConversionReport): string {
  const keys = [
    ...(report.by === 'network' ? [] : (['lander'] as const)),
    ...(report.by === 'lander' ? [] : (['network'] as const)),
    'views',
    'signups_started',
    'signups_completed',
    'first_purchases',
    'signup_rate',
    'purchase_rate',
    'cam_clicks',
  ] as const;
  const cell = (row: ConversionRow, key: (typeof keys)[number]) => {
    const value = row[key];
    if (value === null) return '';
    if (key === 'signup_rate' || key === 'purchase_rate') return (value as number).toFixed(4);
    return typeof value === 'number' ? String(value) : csvText(value);
  };
  return [keys.join(','), ...report.rows.map((row) => keys.map((key) => cell(row, key)).join(','))].join(
    '\r\n',
  );
}

/** The report as the operator command prints it. */
export function formatConversionReport(report: ConversionReport, format: ReportFormat): string {
  if (format === 'json') return JSON.stringify(report, null, 2);
  if (format === 'csv') return csv(report);
  return table(report);
}
