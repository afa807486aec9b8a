'use client';

import { useQuery } from '@tanstack/react-query';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import Link from 'next/link';
import { operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import type { Dashboard, QueueSummary } from '@/lib/shared/schemas/operator-dashboard';
import type { OperatorRoleName } from '@/lib/shared/values/operators';
import { navFor } from './console-nav';

/** Where each queue is worked, when the operator's role opens it. */
const QUEUE_PAGES = {
  fictionalChats: '/operator/desk',
  complaints: '/operator/moderation',
  photos: '/operator/moderation',
  verifications: '/operator/moderation',
} as const;

/** Today's figures and the queues, refreshed every half minute. */
export function DashboardView(props: { role: OperatorRoleName }) {
  const t = useTranslations('OperatorDashboard');
  const format = useFormatter();
  const api = useOperatorApi();
  const dashboard = useQuery({
    queryKey: operatorKeys.dashboard,
    queryFn: async () => (await api.get<Dashboard>('dashboard.php')).data,
    refetchInterval: 30_000,
    staleTime: 0,
  });
  const data = dashboard.data;
  const reachable = new Set(navFor(props.role).map((entry) => entry.href));
  return (
    <div className="console-page">
      <div className="console-page-head">
        <h1 className="h3 mb-0">{t('heading')}</h1>
        {data ? (
          <p className="text-body-secondary mb-0 small">
            {t('dayNote', {
              day: format.dateTime(new Date(`${data.day}T00:00:00Z`), { dateStyle: 'full', timeZone: 'UTC' }),
            })}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="dash-today" className="mb-4">
        <h2 id="dash-today" className="visually-hidden">
          {t('heading')}
        </h2>
        <div className="console-figures" aria-busy={dashboard.isPending}>
          <Figure label={t('signups')} value={data ? format.number(data.signups) : null} />
          <Figure
            label={t('activeMembers')}
            value={data ? format.number(data.activeMembers) : null}
            note={data ? t('onlineMembers', { count: data.onlineMembers }) : null}
          />
          <Figure label={t('messages')} value={data ? format.number(data.messages) : null} />
          <Figure
            label={t('revenue')}
            value={
              data
                ? data.revenue.length
                  ? data.revenue
                      .map((r) =>
                        format.number(r.amountMinor / 100, { style: 'currency', currency: r.currency }),
                      )
                      .join(' · ')
                  : '—'
                : null
            }
            note={
              data
                ? data.revenue.length
                  ? t('payments', { count: data.revenue.reduce((n, r) => n + r.payments, 0) })
                  : t('noRevenue')
                : null
            }
          />
        </div>
      </section>
      <section aria-labelledby="dash-queues">
        <h2 id="dash-queues" className="h5">
          {t('queues')}
        </h2>
        <div className="console-queues">
          {(Object.keys(QUEUE_PAGES) as (keyof typeof QUEUE_PAGES)[]).map((queue) => (
            <QueueCard
              key={queue}
              label={t(`queue.${queue}`)}
              summary={data?.queues[queue] ?? null}
              href={reachable.has(QUEUE_PAGES[queue]) ? QUEUE_PAGES[queue] : null}
            />
          ))}
        </div>
      </section>
    </div>
  );
}

function Figure(props: { label: string; value: string | null; note?: string | null }) {
  return (
    <div className="console-figure">
      <div className="console-figure-label">{props.label}</div>
      <div className="console-figure-value">{props.value ?? <span className="placeholder col-6" />}</div>
      {props.note ? <div className="console-figure-note">{props.note}</div> : null}
    </div>
  );
}

function QueueCard(props: { label: string; summary: QueueSummary | null; href: string | null }) {
  const t = useTranslations('OperatorDashboard');
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const waiting = props.summary?.waiting ?? 0;
  const oldest = props.summary?.oldestSince ? new Date(props.summary.oldestSince) : null;
  return (
    <div className={`console-queue${waiting ? ' has-waiting' : ''}`}>
      <div className="console-queue-label">{props.label}</div>
      <div className="console-queue-count">{props.summary ? t('waiting', { count: waiting }) : '…'}</div>
      {oldest ? (
        <div className="console-queue-age">{t('oldest', { age: format.relativeTime(oldest, now) })}</div>
      ) : null}
      {props.href ? (
        <Link className="stretched-link console-queue-link" href={props.href}>
          <span className="visually-hidden">{`${t('open')}: ${props.label}`}</span>
        </Link>
      ) : null}
    </div>
  );
}
