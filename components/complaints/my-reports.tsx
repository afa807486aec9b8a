'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { useOwnComplaints } from '@/lib/api/complaints';
import type { ComplaintStatus, OwnComplaint } from '@/lib/shared/schemas/moderation';

const BADGE: Record<ComplaintStatus, string> = {
  received: 'text-bg-secondary',
  in_review: 'text-bg-info',
  action_taken: 'text-bg-success',
  no_action: 'text-bg-light border',
};

/** The three steps every report goes through; the last one names how it ended. */
function Steps(props: { status: ComplaintStatus }) {
  const t = useTranslations('MyReports');
  const { status } = props;
  const reached = status === 'received' ? 0 : status === 'in_review' ? 1 : 2;
  const last: ComplaintStatus = status === 'no_action' ? 'no_action' : 'action_taken';
  const steps: ComplaintStatus[] = ['received', 'in_review', last];
  return (
    <ol className="report-steps list-unstyled d-flex gap-1 mb-2" aria-label={t('status')}>
      {steps.map((step, index) => (
        <li
          key={step}
          className={`report-step${index <= reached ? ' is-reached' : ''}`}
          aria-current={index === reached ? 'step' : undefined}
        >
          {reached < 2 && index === 2 ? t('decided') : t(`statuses.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function Report(props: { report: OwnComplaint }) {
  const t = useTranslations('MyReports');
  const tReasons = useTranslations('Complaints');
  const format = useFormatter();
  const { report } = props;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const about = report.member
    ? (report.member.name ?? t('memberNumber', { id: report.member.id }))
    : t('service');
  return (
    <li className="border rounded p-3 mb-3" data-reference={report.reference}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
        <div>
          <p className="fw-semibold mb-0">{about}</p>
          <p className="text-body-secondary small mb-0">
            {tReasons(`reasons.${report.reason}`)}
            {report.has_conversation ? ` · ${t('conversationNote')}` : null}
          </p>
        </div>
        {/* At a glance; screen readers hear the status from the steps below. */}
        <span className={`badge ${BADGE[report.status]}`} data-status={report.status} aria-hidden="true">
          {t(`statuses.${report.status}`)}
        </span>
      </div>
      <Steps status={report.status} />
      <p className="small mb-2">
        {t(`statusHelp.${report.status}`)}{' '}
        <span className="text-body-secondary">
          {t('statusSince', { date: date(report.status_changed_at) })}
        </span>
      </p>
      <dl className="row small text-body-secondary mb-0">
        <dt className="col-5 col-sm-3 fw-normal">{t('date')}</dt>
        <dd className="col-7 col-sm-9 mb-0">{date(report.created_at)}</dd>
        <dt className="col-5 col-sm-3 fw-normal">{t('reference')}</dt>
        <dd className="col-7 col-sm-9 mb-0">{report.reference}</dd>
      </dl>
    </li>
  );
}

/**
 * The settings' "My reports": each report the member sent, whom or what it was about, why, and where
 * it stands (received, in review, action taken or no action), newest first.
 */
export function MyReports() {
  const t = useTranslations('MyReports');
  const tCommon = useTranslations('Common');
  const headingId = useId();
  const reports = useOwnComplaints();
  const list = reports.data?.complaints ?? [];
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h4 card-title mb-3">
          {t('title')}
        </h2>
        <p>{t('intro')}</p>
        {reports.isPending ? (
          <div aria-busy="true">
            <span className="visually-hidden">{tCommon('loading')}</span>
            <div className="skeleton rounded mb-3" style={{ height: '7.5rem' }} aria-hidden="true" />
          </div>
        ) : null}
        {reports.isError ? (
          <div className="alert alert-danger" role="alert">
            <p>{t('loadFailed')}</p>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => void reports.refetch()}
            >
              {t('retry')}
            </button>
          </div>
        ) : null}
        {reports.data && list.length === 0 ? <p className="text-body-secondary">{t('empty')}</p> : null}
        {list.length > 0 ? (
          <ul className="list-unstyled mb-3">
            {list.map((report) => (
              <Report key={report.id} report={report} />
            ))}
          </ul>
        ) : null}
        <Link href="/complaints" className="btn btn-outline-secondary">
          {t('newReport')}
        </Link>
      </div>
    </section>
  );
}
