'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { operatorApiError } from '@/lib/api/operator-api';
import { useConsoleShortcuts } from '../console-shortcuts';
import { useMemberSearch } from './support-queries';

/** `/operator/members`: customer service finds a member by e-mail address, name or id. */
export function MemberSearch() {
  const t = useTranslations('OperatorSupport');
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname() ?? '/operator/members';
  const params = useSearchParams();
  const q = params?.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  // The selection belongs to one search: a new search starts at its first member.
  const [selection, setSelection] = useState({ q, index: 0 });
  const selected = selection.q === q ? selection.index : 0;
  const setSelected = (move: (index: number) => number) => setSelection({ q, index: move(selected) });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const search = useMemberSearch(q);
  const members = useMemo(() => search.data?.members ?? [], [search.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    router.replace(next ? `${pathname}?q=${encodeURIComponent(next)}` : pathname);
  };
  const open = (index: number) => {
    const member = members[index];
    if (member) router.push(`/operator/members/${member.id}`);
  };
  useConsoleShortcuts(
    useMemo(
      () => [
        { key: '/', label: t('keys.search'), onKey: () => input.current?.focus() },
        {
          key: 'j',
          label: t('keys.next'),
          onKey: () => setSelected((i) => Math.min(i + 1, members.length - 1)),
          isDisabled: members.length === 0,
        },
        {
          key: 'k',
          label: t('keys.previous'),
          onKey: () => setSelected((i) => Math.max(i - 1, 0)),
          isDisabled: members.length === 0,
        },
        { key: 'o', label: t('keys.open'), onKey: () => open(selected), isDisabled: members.length === 0 },
      ],
      // eslint-disable-next-line react-hooks/exhaustive-deps -- open reads the members and the selection listed
      [members, selected, t],
    ),
  );
  const failure = search.isError ? operatorApiError(search.error) : null;

  return (
    <div className="console-page">
      <div className="console-page-head">
        <h1 className="h3 mb-0">{t('searchTitle')}</h1>
        <p className="text-body-secondary small mb-0">{t('searchIntro')}</p>
      </div>
      <form className="row g-2 align-items-end mb-3" role="search" onSubmit={onSubmit}>
        <div className="col-sm-8 col-lg-6">
          <label className="form-label small" htmlFor={`${id}-q`}>
            {t('searchLabel')}
          </label>
          <input
            ref={input}
            id={`${id}-q`}
            name="q"
            className="form-control"
            type="search"
            autoComplete="off"
            autoFocus
            maxLength={254}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div className="col-auto">
          <button className="btn btn-primary" type="submit">
            {t('searchButton')}
          </button>
        </div>
      </form>
      {!q ? null : search.isPending ? (
        <p role="status">{t('searching')}</p>
      ) : failure || search.isError ? (
        <div className="alert alert-danger" role="alert">
          {failure?.message ?? t('loadFailed')}
        </div>
      ) : members.length === 0 ? (
        <p role="status">{t('noMembers', { q })}</p>
      ) : (
        <div className="table-responsive console-table-wrap">
          <table className="table table-sm align-middle console-table" aria-label={t('results')}>
            <thead>
              <tr>
                <th scope="col">{t('id')}</th>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('email')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" className="text-end">
                  {t('credits')}
                </th>
                <th scope="col">{t('created')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member, index) => (
                <tr
                  key={member.id}
                  className={index === selected ? 'table-active' : undefined}
                  aria-selected={index === selected}
                >
                  <td>{member.id}</td>
                  <td>
                    <Link href={`/operator/members/${member.id}`}>{member.name}</Link>
                  </td>
                  <td className="text-break">{member.email}</td>
                  <td>
                    <MemberStatusBadge status={member.status} deletedAt={member.deleted_at} />
                    {member.paid_user ? <span className="badge text-bg-info ms-1">{t('paid')}</span> : null}
                  </td>
                  <td className="text-end">{format.number(member.credits)}</td>
                  <td className="text-nowrap">
                    {format.dateTime(new Date(member.created), { dateStyle: 'medium' })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The account's state in one word: deleted, waiting for confirmation, confirmed, purged. */
export function MemberStatusBadge(props: { status: string; deletedAt: string | null }) {
  const t = useTranslations('OperatorSupport');
  if (props.deletedAt || props.status === 'purged') {
    return <span className="badge text-bg-danger">{t('statuses.deleted')}</span>;
  }
  return props.status === 'confirmed' ? (
    <span className="badge text-bg-success">{t('statuses.confirmed')}</span>
  ) : (
    <span className="badge text-bg-warning">{t('statuses.not_confirmed')}</span>
  );
}
