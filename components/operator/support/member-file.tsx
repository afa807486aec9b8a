'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { operatorApiError } from '@/lib/api/operator-api';
import type { MemberFile, SupportPayment } from '@/lib/shared/schemas/operator-support';
import { useConsoleShortcuts } from '../console-shortcuts';
import { MemberStatusBadge } from './member-search';
import { useMemberAction, useMemberFile } from './support-queries';

/** A failed action's message, in the operator's language, or the generic one. */
function useFailure() {
  const t = useTranslations('OperatorSupport');
  return (error: unknown) => operatorApiError(error)?.message ?? t('actionFailed');
}

/** `/operator/members/[id]`: a member's file with customer service's actions. */
export function MemberFileView(props: { memberId: number }) {
  const t = useTranslations('OperatorSupport');
  const file = useMemberFile(props.memberId);
  const delta = useRef<HTMLInputElement>(null);
  useConsoleShortcuts(
    useMemo(() => [{ key: 'c', label: t('keys.correct'), onKey: () => delta.current?.focus() }], [t]),
  );

  if (file.isPending) {
    return (
      <p className="console-page" role="status">
        {t('loadingFile')}
      </p>
    );
  }
  if (file.isError) {
    const failure = operatorApiError(file.error);
    return (
      <div className="console-page">
        <div className="alert alert-danger" role="alert">
          {failure?.status === 404 ? t('memberNotFound') : (failure?.message ?? t('loadFailed'))}
        </div>
        <Link href="/operator/members">{t('backToSearch')}</Link>
      </div>
    );
  }
  const data = file.data;
  return (
    <div className="console-page member-file">
      <Header file={data} />
      <div className="row g-3">
        <div className="col-xl-4 order-xl-2">
          <CreditCorrection file={data} deltaRef={delta} />
          <AccountActions file={data} />
        </div>
        <div className="col-xl-8 order-xl-1">
          <Payments file={data} />
          <Ledger file={data} />
          <Sessions file={data} />
          <BlocksAndComplaints file={data} />
        </div>
      </div>
    </div>
  );
}

function Header({ file }: { file: MemberFile }) {
  const t = useTranslations('OperatorSupport');
  const format = useFormatter();
  const { member } = file;
  return (
    <div className="console-page-head">
      <p className="small mb-1">
        <Link href="/operator/members">{t('backToSearch')}</Link>
      </p>
      <h1 className="h3 mb-1">
        {member.name} <span className="text-body-secondary fs-6">#{member.id}</span>
      </h1>
      <p className="mb-1 text-break">{member.email}</p>
      <p className="mb-0 d-flex flex-wrap gap-2 align-items-center">
        <MemberStatusBadge status={member.status} deletedAt={member.deleted_at} />
        {member.paid_user ? <span className="badge text-bg-info">{t('paid')}</span> : null}
        {member.fictional ? <span className="badge text-bg-secondary">{t('fictional')}</span> : null}
        <span className="small text-body-secondary">
          {t('memberSince', { date: format.dateTime(new Date(member.created), { dateStyle: 'medium' }) })} ·{' '}
          {member.country} · {member.language}
        </span>
      </p>
      {member.deleted_at && member.reactivation_until ? (
        <p className="small text-danger mb-0 mt-1">
          {t('deletedOn', {
            date: format.dateTime(new Date(member.deleted_at), { dateStyle: 'medium' }),
            until: format.dateTime(new Date(member.reactivation_until), { dateStyle: 'medium' }),
          })}
        </p>
      ) : null}
      {member.email_stopped_reason ? (
        <p className="small text-body-secondary mb-0">
          {t('mailStopped', { reason: member.email_stopped_reason })}
        </p>
      ) : null}
      <p className="h5 mt-2 mb-0" data-testid="member-credits">
        {t('creditsNow', { count: file.credits })}
      </p>
    </div>
  );
}

function CreditCorrection({
  file,
  deltaRef,
}: {
  file: MemberFile;
  deltaRef: React.RefObject<HTMLInputElement | null>;
}) {
  const t = useTranslations('OperatorSupport');
  const failure = useFailure();
  const id = useId();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const correct = useMemberAction<{ member: number; delta: number; reason: string }, { credits: number }>(
    'credits.php',
  );
  const amount = Number(delta);
  const isValid =
    delta.trim() !== '' && Number.isInteger(amount) && amount !== 0 && reason.trim().length >= 3;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    setDone(null);
    correct.mutate(
      { member: file.member.id, delta: amount, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          setDone(t('corrected', { count: answer.credits }));
          setDelta('');
          setReason('');
        },
      },
    );
  };
  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`}>
      <form className="card-body" onSubmit={onSubmit}>
        <h2 className="h6" id={`${id}-title`}>
          {t('correctTitle')}
        </h2>
        <div className="mb-2">
          <label className="form-label small" htmlFor={`${id}-delta`}>
            {t('correctDelta')}
          </label>
          <input
            ref={deltaRef}
            id={`${id}-delta`}
            className="form-control"
            type="number"
            inputMode="numeric"
            step={1}
            min={-100000}
            max={100000}
            value={delta}
            onChange={(e) => setDelta(e.target.value)}
            aria-describedby={`${id}-delta-help`}
          />
          <div className="form-text" id={`${id}-delta-help`}>
            {t('correctDeltaHelp')}
          </div>
        </div>
        <div className="mb-2">
          <label className="form-label small" htmlFor={`${id}-reason`}>
            {t('correctReason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className="form-control"
            rows={2}
            maxLength={500}
            required
            minLength={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {correct.isError ? (
          <div className="alert alert-danger py-2 small" role="alert">
            {failure(correct.error)}
          </div>
        ) : null}
        {done ? (
          <div className="alert alert-success py-2 small" role="status">
            {done}
          </div>
        ) : null}
        <button className="btn btn-primary" type="submit" disabled={!isValid || correct.isPending}>
          {t('correctButton')}
        </button>
      </form>
    </section>
  );
}

function AccountActions({ file }: { file: MemberFile }) {
  const t = useTranslations('OperatorSupport');
  const failure = useFailure();
  const id = useId();
  const { member } = file;
  const [message, setMessage] = useState<string | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [note, setNote] = useState('');
  const activation = useMemberAction<{ member: number }>('activation-mail.php');
  const sessions = useMemberAction<{ member: number }, { ended: number }>('member-sessions.php');
  const deletion = useMemberAction<{ member: number; note: string }, { reactivation_until: string }>(
    'member-deletion.php',
  );
  const format = useFormatter();
  const error = [activation, sessions, deletion].find((m) => m.isError)?.error;
  const isDeleted = member.deleted_at !== null || member.status === 'purged';

  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h6" id={`${id}-title`}>
          {t('accountTitle')}
        </h2>
        {error ? (
          <div className="alert alert-danger py-2 small" role="alert">
            {failure(error)}
          </div>
        ) : null}
        {message ? (
          <div className="alert alert-success py-2 small" role="status">
            {message}
          </div>
        ) : null}
        <div className="d-grid gap-2">
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={member.status !== 'not_confirmed' || isDeleted || activation.isPending}
            onClick={() =>
              activation.mutate({ member: member.id }, { onSuccess: () => setMessage(t('activationSent')) })
            }
          >
            {t('resendActivation')}
          </button>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={file.sessions.length === 0 || sessions.isPending}
            onClick={() =>
              sessions.mutate(
                { member: member.id },
                { onSuccess: (answer) => setMessage(t('sessionsEnded', { count: answer.ended })) },
              )
            }
          >
            {t('endSessions', { count: file.sessions.length })}
          </button>
          {!isConfirmingDelete ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={isDeleted}
              onClick={() => setConfirmingDelete(true)}
            >
              {t('deleteAccount')}
            </button>
          ) : (
            <form
              className="border border-danger rounded p-2"
              role="group"
              aria-label={t('deleteConfirmTitle')}
              onSubmit={(event) => {
                event.preventDefault();
                deletion.mutate(
                  { member: member.id, note: note.trim() },
                  {
                    onSuccess: (answer) => {
                      setConfirmingDelete(false);
                      setMessage(
                        t('deleted', {
                          until: format.dateTime(new Date(answer.reactivation_until), {
                            dateStyle: 'medium',
                          }),
                        }),
                      );
                    },
                  },
                );
              }}
            >
              <p className="small mb-2">{t('deleteConfirmText')}</p>
              <label className="form-label small" htmlFor={`${id}-note`}>
                {t('deleteNote')}
              </label>
              <input
                id={`${id}-note`}
                className="form-control form-control-sm mb-2"
                required
                minLength={3}
                maxLength={500}
                autoFocus
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <div className="d-flex gap-2">
                <button
                  type="submit"
                  className="btn btn-danger btn-sm"
                  disabled={note.trim().length < 3 || deletion.isPending}
                >
                  {t('deleteConfirm')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  onClick={() => setConfirmingDelete(false)}
                >
                  {t('cancel')}
                </button>
              </div>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}

function Payments({ file }: { file: MemberFile }) {
  const t = useTranslations('OperatorSupport');
  const format = useFormatter();
  const failure = useFailure();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [refunded, setRefunded] = useState<string | null>(null);
  const refund = useMemberAction<{ payment: number }, { payment: SupportPayment; credits: number }>(
    'refund.php',
  );
  const money = (minor: number, currency: string) =>
    format.number(minor / 100, { style: 'currency', currency });
  return (
    <section className="mb-4" aria-labelledby="member-payments">
      <h2 className="h5" id="member-payments">
        {t('paymentsTitle')}
      </h2>
      {refund.isError ? (
        <div className="alert alert-danger py-2 small" role="alert">
          {failure(refund.error)}
        </div>
      ) : null}
      {refunded ? (
        <div className="alert alert-success py-2 small" role="status">
          {refunded}
        </div>
      ) : null}
      {file.payments.length === 0 ? (
        <p className="text-body-secondary">{t('noPayments')}</p>
      ) : (
        <div className="table-responsive console-table-wrap">
          <table className="table table-sm align-middle console-table is-stacked">
            <thead>
              <tr>
                <th scope="col">{t('paymentId')}</th>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('bundle')}</th>
                <th scope="col" className="text-end">
                  {t('amount')}
                </th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('refund')}</th>
              </tr>
            </thead>
            <tbody>
              {file.payments.map((payment) => (
                <tr key={payment.id}>
                  <td data-label={t('paymentId')}>
                    {payment.id}
                    <div className="small text-body-secondary">
                      {payment.provider} · {payment.method}
                    </div>
                  </td>
                  <td className="text-nowrap" data-label={t('when')}>
                    {format.dateTime(new Date(payment.created), { dateStyle: 'short', timeStyle: 'short' })}
                  </td>
                  <td data-label={t('bundle')}>{t('creditsCount', { count: payment.credits })}</td>
                  <td className="text-end text-nowrap" data-label={t('amount')}>
                    {money(payment.amount, payment.currency)}
                  </td>
                  <td data-label={t('status')}>
                    <span className="badge text-bg-light">{t(`paymentStatus.${payment.state}`)}</span>
                    {payment.held_reason ? (
                      <>
                        {' '}
                        <span className="badge text-bg-warning">{t('held')}</span>
                        <div className="small text-warning-emphasis">
                          {t(`heldReasons.${payment.held_reason}`)}
                        </div>
                      </>
                    ) : null}
                    {payment.reversed_amount > 0 ? (
                      <div className="small text-danger">
                        {t('refundedAmount', { amount: money(payment.reversed_amount, payment.currency) })}
                        {payment.unrecovered_credits > 0
                          ? ` · ${t('unrecovered', { count: payment.unrecovered_credits })}`
                          : ''}
                      </div>
                    ) : null}
                  </td>
                  <td data-label={t('refund')}>
                    {!payment.refundable ? (
                      <span className="text-body-secondary small">—</span>
                    ) : confirming === payment.id ? (
                      <div
                        role="group"
                        aria-label={t('refundConfirmTitle')}
                        className="d-flex flex-column gap-1"
                      >
                        <span className="small">
                          {payment.held_reason
                            ? t('refundHeldConfirmText', { amount: money(payment.amount, payment.currency) })
                            : t('refundConfirmText', {
                                amount: money(payment.amount, payment.currency),
                                count: payment.credits,
                              })}
                        </span>
                        <span className="d-flex gap-1">
                          <button
                            type="button"
                            className="btn btn-danger btn-sm"
                            autoFocus
                            disabled={refund.isPending}
                            onClick={() =>
                              refund.mutate(
                                { payment: payment.id },
                                {
                                  onSuccess: () => {
                                    setConfirming(null);
                                    setRefunded(t('refundDone', { id: payment.id }));
                                  },
                                },
                              )
                            }
                          >
                            {t('refundConfirm')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline-secondary btn-sm"
                            onClick={() => setConfirming(null)}
                          >
                            {t('cancel')}
                          </button>
                        </span>
                      </div>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        onClick={() => {
                          refund.reset();
                          setConfirming(payment.id);
                        }}
                      >
                        {t('refundButton')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Ledger({ file }: { file: MemberFile }) {
  const t = useTranslations('OperatorSupport');
  const format = useFormatter();
  return (
    <section className="mb-4" aria-labelledby="member-ledger">
      <h2 className="h5" id="member-ledger">
        {t('ledgerTitle')}
      </h2>
      {file.ledger.length === 0 ? (
        <p className="text-body-secondary">{t('noLedger')}</p>
      ) : (
        <div className="table-responsive console-table-wrap">
          <table
            className="table table-sm align-middle console-table is-stacked"
            aria-label={t('ledgerTitle')}
          >
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('reason')}</th>
                <th scope="col" className="text-end">
                  {t('delta')}
                </th>
                <th scope="col">{t('note')}</th>
              </tr>
            </thead>
            <tbody>
              {file.ledger.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap" data-label={t('when')}>
                    {format.dateTime(new Date(entry.created), { dateStyle: 'short', timeStyle: 'short' })}
                  </td>
                  <td data-label={t('reason')}>
                    {t(`ledgerReasons.${entry.reason}`)}
                    <div className="small text-body-secondary text-break">{entry.reference}</div>
                  </td>
                  <td
                    className={`text-end fw-semibold ${entry.delta > 0 ? 'text-success' : ''}`}
                    data-label={t('delta')}
                  >
                    {format.number(entry.delta, { signDisplay: 'always' })}
                  </td>
                  <td className="text-break" data-label={t('note')}>
                    {entry.note ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Sessions({ file }: { file: MemberFile }) {
  const t = useTranslations('OperatorSupport');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="mb-4" aria-labelledby="member-sessions">
      <h2 className="h5" id="member-sessions">
        {t('sessionsTitle')}
      </h2>
      {file.sessions.length === 0 ? (
        <p className="text-body-secondary">{t('noSessions')}</p>
      ) : (
        <ul className="list-unstyled small">
          {file.sessions.map((session) => (
            <li key={session.id}>
              {t('sessionLine', {
                created: when(session.created),
                seen: when(session.last_seen),
                expires: when(session.expires),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BlocksAndComplaints({ file }: { file: MemberFile }) {
  const t = useTranslations('OperatorSupport');
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const people = (list: MemberFile['blocks']['blocked']) =>
    list.length === 0 ? (
      <p className="text-body-secondary small">{t('nobody')}</p>
    ) : (
      <ul className="small">
        {list.map((person) => (
          <li key={person.id}>
            <Link href={`/operator/members/${person.id}`}>{person.name}</Link> · {date(person.at)}
          </li>
        ))}
      </ul>
    );
  const moderation = useTranslations('OperatorModeration');
  const complaints = (list: MemberFile['complaints']['by']) =>
    list.length === 0 ? (
      <p className="text-body-secondary small">{t('noComplaints')}</p>
    ) : (
      <ul className="small">
        {list.map((complaint) => (
          <li key={complaint.id}>
            <strong>{moderation(`reasons.${complaint.reason}`)}</strong> · {date(complaint.created)} ·{' '}
            {moderation(`complaintStatuses.${complaint.status}`)}
            {complaint.other_id ? (
              <>
                {' · '}
                <Link href={`/operator/members/${complaint.other_id}`}>
                  {complaint.other_name ?? complaint.other_id}
                </Link>
              </>
            ) : null}
            <div className="text-body-secondary text-break">{complaint.text}</div>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="mb-4 row g-3" aria-label={t('blocksAndComplaints')}>
      <div className="col-md-6">
        <h2 className="h6">{t('blocked')}</h2>
        {people(file.blocks.blocked)}
        <h2 className="h6">{t('blockedBy')}</h2>
        {people(file.blocks.blocked_by)}
      </div>
      <div className="col-md-6">
        <h2 className="h6">{t('complaintsBy')}</h2>
        {complaints(file.complaints.by)}
        <h2 className="h6">{t('complaintsAbout')}</h2>
        {complaints(file.complaints.about)}
      </div>
    </section>
  );
}
