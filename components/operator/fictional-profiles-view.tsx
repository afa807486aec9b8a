'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useOperatorApi } from '@/lib/api/operator-api';
import { profileKeys } from '@/lib/api/operator-profiles';
import { localCountryName } from '@/lib/shared/company';
import type { FictionalList, FictionalProfile } from '@/lib/shared/schemas/fictional-profiles';
import { useConsoleShortcuts, type ConsoleShortcut } from './console-shortcuts';
import { FictionalProfileForm, toFields, valuesOf } from './fictional-profile-form';

/**
 * The fictional profiles: found by name or id, a page at a time, each with its main photo, age,
 * place, status, photos and conversations; and the form for a new one, which opens the new
 * profile's page (for its photos) once it is made.
 */
export function FictionalProfilesView() {
  const t = useTranslations('OperatorProfiles');
  const locale = useLocale();
  const api = useOperatorApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState({ q: '', page: 1 });
  const [isCreating, setIsCreating] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const list = useQuery({
    queryKey: profileKeys.list(search),
    queryFn: async () =>
      (
        await api.get<FictionalList>('profiles.php', {
          params: { ...(search.q ? { q: search.q } : {}), page: search.page },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const goTo = (page: number) => setSearch((current) => ({ ...current, page }));

  const shortcuts = useMemo<ConsoleShortcut[]>(
    () => [
      { key: '/', label: t('shortcuts.search'), onKey: () => searchRef.current?.focus() },
      { key: 'n', label: t('shortcuts.newProfile'), onKey: () => setIsCreating(true) },
      {
        key: 'j',
        label: t('shortcuts.next'),
        onKey: () => setSearch((c) => ({ ...c, page: c.page + 1 })),
        isDisabled: search.page >= pages,
      },
      {
        key: 'k',
        label: t('shortcuts.previous'),
        onKey: () => setSearch((c) => ({ ...c, page: c.page - 1 })),
        isDisabled: search.page <= 1,
      },
    ],
    [t, search.page, pages],
  );
  useConsoleShortcuts(shortcuts);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ q: draft.trim(), page: 1 });
  };

  const onCreate = async (values: ReturnType<typeof valuesOf>) => {
    setIsSaving(true);
    try {
      const created = (await api.post<FictionalProfile>('profiles.php', toFields(values))).data;
      queryClient.setQueryData(profileKeys.one(created.id), created);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      router.push(`/operator/profiles/${created.id}`);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="console-page">
      <div className="console-page-head d-flex flex-wrap align-items-start gap-3">
        <div className="flex-grow-1">
          <h1 className="h3 mb-0">{t('title')}</h1>
          <p className="text-body-secondary small mb-0">{t('intro')}</p>
        </div>
        {!isCreating ? (
          <button type="button" className="btn btn-primary" onClick={() => setIsCreating(true)}>
            {t('newProfile')} <kbd className="ms-1">n</kbd>
          </button>
        ) : null}
      </div>

      {isCreating ? (
        <section className="card mb-4" aria-labelledby={`${id}-new`}>
          <div className="card-body">
            <h2 id={`${id}-new`} className="h5">
              {t('newHeading')}
            </h2>
            <p className="text-body-secondary small">{t('newIntro')}</p>
            <FictionalProfileForm
              initial={valuesOf(null)}
              submitLabel={t('create')}
              busyLabel={t('creating')}
              isBusy={isSaving}
              onSubmit={onCreate}
              onCancel={() => setIsCreating(false)}
            />
          </div>
        </section>
      ) : null}

      <form className="row g-2 align-items-end mb-3" role="search" onSubmit={onSearch}>
        <div className="col-sm-6 col-lg-4">
          <label className="form-label small" htmlFor={`${id}-q`}>
            {t('search')}
          </label>
          <input
            ref={searchRef}
            id={`${id}-q`}
            type="search"
            className="form-control"
            value={draft}
            maxLength={80}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div className="col-auto">
          <button className="btn btn-primary" type="submit">
            {t('searchButton')}
          </button>{' '}
          {search.q ? (
            <button
              className="btn btn-outline-secondary"
              type="button"
              onClick={() => {
                setDraft('');
                setSearch({ q: '', page: 1 });
              }}
            >
              {t('clear')}
            </button>
          ) : null}
        </div>
        {list.data ? (
          <p className="col-auto ms-auto mb-0 small text-body-secondary" role="status">
            {t('total', { count: list.data.total })}
          </p>
        ) : null}
      </form>

      {list.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : list.isError ? (
        <div className="alert alert-warning d-flex align-items-center gap-3" role="alert">
          {t('loadError')}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void list.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : list.data.profiles.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <div className="table-responsive console-table-wrap">
          <table className="table align-middle console-table fictional-table is-stacked">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('photo')}</span>
                </th>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('age')}</th>
                <th scope="col">{t('place')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" className="text-end">
                  {t('photos')}
                </th>
                <th scope="col" className="text-end">
                  {t('conversations')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.profiles.map((profile) => (
                <tr key={profile.id}>
                  <td className="fictional-table-photo">
                    {profile.main_image ? (
                      // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
                      <img
                        src={`${list.data.cdn_prefix}${profile.main_image.thumb_filename}`}
                        alt=""
                        width={48}
                        height={64}
                        loading="lazy"
                      />
                    ) : (
                      <span className="fictional-table-initial" aria-hidden="true">
                        {profile.name.slice(0, 1).toUpperCase()}
                      </span>
                    )}
                  </td>
                  <td data-label={t('name')}>
                    <Link href={`/operator/profiles/${profile.id}`} className="fw-semibold">
                      {profile.name}
                    </Link>
                    <div className="small text-body-secondary">#{profile.id}</div>
                  </td>
                  <td data-label={t('age')}>{profile.age}</td>
                  <td data-label={t('place')}>
                    {[profile.city ?? profile.region, localCountryName(profile.country, locale)]
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                  <td data-label={t('status')}>
                    <span
                      className={`badge ${profile.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}
                    >
                      {profile.status === 'active' ? t('statusActive') : t('statusDisabled')}
                    </span>
                  </td>
                  <td className="text-end" data-label={t('photos')}>
                    {profile.photos}
                  </td>
                  <td className="text-end" data-label={t('conversations')}>
                    {t('conversationsValue', { count: profile.conversations, waiting: profile.waiting })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {list.data && pages > 1 ? (
        <nav
          className="d-flex align-items-center gap-2"
          aria-label={t('pageOf', { page: search.page, pages })}
        >
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={search.page <= 1}
            onClick={() => goTo(search.page - 1)}
          >
            {t('previous')} <kbd>k</kbd>
          </button>
          <span className="small">{t('pageOf', { page: search.page, pages })}</span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={search.page >= pages}
            onClick={() => goTo(search.page + 1)}
          >
            {t('next')} <kbd>j</kbd>
          </button>
        </nav>
      ) : null}
    </div>
  );
}
