'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import type { AuditEntry } from '@/lib/shared/schemas/operators';

interface Filters {
  operatorId?: string;
  subjectType?: string;
  subjectId?: string;
}

/** The audit log, newest first, filtered by operator or subject, with what each change was. */
export function AuditLogView() {
  const t = useTranslations('OperatorAudit');
  const format = useFormatter();
  const api = useOperatorApi();
  const id = useId();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const log = useInfiniteQuery({
    queryKey: operatorKeys.audit({ ...filters }),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const params = Object.fromEntries(
        Object.entries({ ...filters, before: pageParam }).filter(([, v]) => v !== undefined && v !== ''),
      );
      return (await api.get<{ entries: AuditEntry[]; next: number | null }>('audit.php', { params })).data;
    },
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const field = (name: keyof Filters, label: string, inputMode?: 'numeric') => (
    <div className="col-sm-4 col-lg-3">
      <label className="form-label small" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="form-control form-control-sm"
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
        {field('operatorId', t('operatorId'), 'numeric')}
        {field('subjectType', t('subjectType'))}
        {field('subjectId', t('subjectId'))}
        <div className="col-auto">
          <button className="btn btn-sm btn-primary" type="submit">
            {t('apply')}
          </button>{' '}
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
                  <span className={`badge ${entry.status < 400 ? 'text-bg-success' : 'text-bg-warning'}`}>
                    {entry.status}
                  </span>
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
      {log.isSuccess && !entries.length ? <p>{t('empty')}</p> : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('older')}
        </button>
      ) : null}
    </div>
  );
}
