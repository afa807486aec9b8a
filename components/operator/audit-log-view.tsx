'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import type { AuditEntry, RefusedCalls } from '@/lib/shared/schemas/operators';
import { AUDIT_OUTCOMES, type AuditOutcome } from '@/lib/shared/values/operators';

interface Filters {
  operatorId?: string;
  action?: string;
  outcome?: AuditOutcome | '';
  address?: string;
  /** Days as the date fields give them (YYYY-MM-DD), in the operator's own time zone. */
  fromDay?: string;
  toDay?: string;
  subjectType?: string;
  subjectId?: string;
}

type TextFilter = Exclude<keyof Filters, 'outcome'>;

const OUTCOME_LABELS = {
  succeeded: 'outcomeSucceeded',
  refused: 'outcomeRefused',
  failed: 'outcomeFailed',
} as const satisfies Record<AuditOutcome, string>;

/** The start of a day (YYYY-MM-DD) in the browser's time zone, as an instant; `nextDay` moves one day on. */
function dayStart(day: string | undefined, nextDay = false): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (nextDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** The query of the audit API for the filters: the days become a range of instants, `to` inclusive. */
function queryOf(filters: Filters): Record<string, string> {
  const { fromDay, toDay, ...rest } = filters;
  const query = { ...rest, from: dayStart(fromDay), to: dayStart(toDay, true) };
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

const badgeOf = (status: number) =>
  status < 400 ? 'text-bg-success' : status < 500 ? 'text-bg-warning' : 'text-bg-danger';

/**
 * The audit log, newest first, filtered by operator, route or action, outcome, address, time or
 * subject, with what each change was; above it, the refused calls nobody logged in to, counted.
 */
export function AuditLogView() {
  const t = useTranslations('OperatorAudit');
  const format = useFormatter();
  const api = useOperatorApi();
  const id = useId();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const query = queryOf(filters);
  const log = useInfiniteQuery({
    queryKey: operatorKeys.audit(query),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const params = pageParam === undefined ? query : { ...query, before: String(pageParam) };
      return (
        await api.get<{ entries: AuditEntry[]; refusals: RefusedCalls | null; next: number | null }>(
          'audit.php',
          { params },
        )
      ).data;
    },
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const refusals = log.data?.pages[0]?.refusals ?? null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const field = (name: TextFilter, label: string, type: 'text' | 'date' = 'text', inputMode?: 'numeric') => (
    <div className="col-6 col-md-4 col-xl-3">
      <label className="form-label small" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="form-control form-control-sm"
        type={type}
        inputMode={inputMode}
        value={draft[name] ?? ''}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </div>
  );
  return (
    <div className="console-page">
      <div className="console-page-head">
        <h1 className="h3 mb-0">{t('title')}</h1>
        <p className="text-body-secondary small mb-0">{t('intro')}</p>
      </div>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} aria-label={t('filters')}>
        {field('operatorId', t('operatorId'), 'text', 'numeric')}
        {field('action', t('actionFilter'))}
        <div className="col-6 col-md-4 col-xl-3">
          <label className="form-label small" htmlFor={`${id}-outcome`}>
            {t('outcome')}
          </label>
          <select
            id={`${id}-outcome`}
            className="form-select form-select-sm"
            value={draft.outcome ?? ''}
            onChange={(e) => setDraft({ ...draft, outcome: e.target.value as AuditOutcome | '' })}
          >
            <option value="">{t('outcomeAny')}</option>
            {AUDIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(OUTCOME_LABELS[outcome])}
              </option>
            ))}
          </select>
        </div>
        {field('address', t('address'))}
        {field('fromDay', t('from'), 'date')}
        {field('toDay', t('to'), 'date')}
        {field('subjectType', t('subjectType'))}
        {field('subjectId', t('subjectId'))}
        <div className="col-12 d-flex gap-2">
          <button className="btn btn-sm btn-primary" type="submit">
            {t('apply')}
          </button>
          <button
            className="btn btn-sm btn-outline-secondary"
            type="button"
            onClick={() => {
              setDraft({});
              setFilters({});
            }}
          >
            {t('clear')}
          </button>
        </div>
      </form>
      {refusals && refusals.calls > 0 ? <RefusedCallsSummary refusals={refusals} /> : null}
      <div className="table-responsive console-table-wrap">
        <table className="table table-sm align-middle console-table is-stacked">
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('who')}</th>
              <th scope="col">{t('action')}</th>
              <th scope="col">{t('subject')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('change')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap" data-label={t('when')}>
                  {format.dateTime(new Date(entry.at), { dateStyle: 'short', timeStyle: 'medium' })}
                </td>
                <td data-label={t('who')}>
                  {entry.operatorName ?? <span className="text-body-secondary">{t('nobody')}</span>}
                  {entry.ip ? <div className="small text-body-secondary">{entry.ip}</div> : null}
                </td>
                <td data-label={t('action')}>
                  <code>{entry.action}</code>
                  <div className="small text-body-secondary">{entry.route}</div>
                </td>
                <td data-label={t('subject')}>
                  {entry.subjectType ? `${entry.subjectType} ${entry.subjectId ?? ''}` : '—'}
                </td>
                <td data-label={t('status')}>
                  <span className={`badge ${badgeOf(entry.status)}`}>{entry.status}</span>
                </td>
                <td data-label={t('change')}>
                  {entry.before !== null || entry.after !== null ? (
                    <details>
                      <summary>{t('details')}</summary>
                      <dl className="console-change">
                        <dt>{t('before')}</dt>
                        <dd>
                          <pre>{JSON.stringify(entry.before, null, 1)}</pre>
                        </dd>
                        <dt>{t('after')}</dt>
                        <dd>
                          <pre>{JSON.stringify(entry.after, null, 1)}</pre>
                        </dd>
                      </dl>
                    </details>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {log.isSuccess && !entries.length ? <p className="mt-3">{t('empty')}</p> : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-secondary mt-3"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('older')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Calls nobody logged in to, which the console refused: counted per hour, address, route and answer
 * rather than listed, so they do not bury what operators did.
 */
function RefusedCallsSummary(props: { refusals: RefusedCalls }) {
  const t = useTranslations('OperatorAudit');
  const format = useFormatter();
  const headingId = useId();
  const { refusals } = props;
  return (
    <section className="console-refusals" aria-labelledby={headingId}>
      <h2 className="h6 mb-1" id={headingId}>
        {t('refusalsTitle')}
      </h2>
      <p className="mb-1">
        <strong>{t('refusalsSummary', { calls: refusals.calls, addresses: refusals.addresses })}</strong>
      </p>
      <p className="small text-body-secondary mb-2">{t('refusalsNote')}</p>
      <details>
        <summary>{t('refusalsRecent')}</summary>
        <div className="table-responsive mt-2">
          <table className="table table-sm align-middle console-table is-stacked">
            <thead>
              <tr>
                <th scope="col">{t('refusalsHour')}</th>
                <th scope="col">{t('address')}</th>
                <th scope="col">{t('route')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" className="text-end">
                  {t('refusalsCalls')}
                </th>
              </tr>
            </thead>
            <tbody>
              {refusals.rows.map((row) => (
                <tr key={`${row.windowStart}|${row.ip}|${row.route}|${row.status}`}>
                  <td className="text-nowrap" data-label={t('refusalsHour')}>
                    {format.dateTimeRange(new Date(row.windowStart), new Date(row.lastAt), {
                      dateStyle: 'short',
                      timeStyle: 'short',
                    })}
                  </td>
                  <td data-label={t('address')}>{row.ip}</td>
                  <td data-label={t('route')}>
                    <span className="small">{row.route}</span>
                  </td>
                  <td data-label={t('status')}>
                    <span className={`badge ${badgeOf(row.status)}`}>{row.status}</span>
                  </td>
                  <td className="text-end" data-label={t('refusalsCalls')}>
                    <strong>{format.number(row.count)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
