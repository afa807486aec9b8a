'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useFailureText } from '@/components/forms/field-errors';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { imageUrl } from '@/components/profile/labels';
import { readApiFailure } from '@/lib/api/auth';
import { useBlockedMembers, useUnblock } from '@/lib/api/blocks';
import { useSettings } from '@/lib/api/hooks';
import { useProfile, useUpdateProfile } from '@/lib/api/profile';
import type { BlockedMembers } from '@/lib/shared/schemas/members';

/** The invisible-mode switch: saved at once; while on, the member is left out of search and member lists. */
function InvisibleSwitch() {
  const t = useTranslations('PrivacySettings');
  const failureText = useFailureText();
  const id = useId();
  const profile = useProfile();
  const update = useUpdateProfile();
  const [result, setResult] = useState<{ isOn: boolean } | { error: string } | null>(null);
  // The value being saved, or last saved, shows from the click on (set in the same render as the
  // click, so the switch never flips back for a moment) until a failure puts the profile's back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const isOn = chosen ?? profile.data?.invisible ?? false;

  const onChange = (invisible: boolean) => {
    setResult(null);
    setChosen(invisible);
    update.mutate(
      { invisible },
      {
        onSuccess: (saved) => setResult({ isOn: saved.invisible }),
        onError: (error) => {
          setChosen(null);
          setResult({ error: failureText(readApiFailure(error).message) });
        },
      },
    );
  };

  return (
    <div className="mb-4">
      <div className="form-check form-switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={isOn}
          disabled={!profile.data || update.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="form-check-label">
          {t('invisibleLabel')}
        </label>
      </div>
      <div id={`${id}-hint`} className="form-text">
        {t('invisibleHint')}
      </div>
      {profile.isError ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {t('loadFailed')}
        </div>
      ) : null}
      <div role="status">
        {result && 'isOn' in result ? (
          <div className="alert alert-success mt-2 mb-0">
            {result.isOn ? t('invisibleOn') : t('invisibleOff')}
          </div>
        ) : null}
      </div>
      {result && 'error' in result ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {result.error}
        </div>
      ) : null}
    </div>
  );
}

type BlockedMember = BlockedMembers['members'][number];

function BlockedMemberRow(props: {
  member: BlockedMember;
  cdnPrefix: string;
  isPending: boolean;
  onUnblock: () => void;
}) {
  const t = useTranslations('PrivacySettings');
  const format = useFormatter();
  const { member } = props;
  const size = 48;
  return (
    <li className="list-group-item d-flex align-items-center gap-3">
      {member.main_image ? (
        // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN prefix, a host known only at run time
        <img
          src={imageUrl(props.cdnPrefix, member.main_image.thumb_filename)}
          alt=""
          width={size}
          height={size}
          className="rounded-circle flex-shrink-0"
          style={{ objectFit: 'cover' }}
        />
      ) : (
        <span
          aria-hidden="true"
          className="rounded-circle bg-body-secondary d-inline-flex align-items-center justify-content-center flex-shrink-0 fw-bold"
          style={{ width: size, height: size }}
        >
          {member.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex-grow-1 text-break">
        <div className="fw-semibold">{member.name}</div>
        <div className="small text-body-secondary">
          {t('blockedOn', { date: format.dateTime(new Date(member.blocked_at), { dateStyle: 'medium' }) })}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary flex-shrink-0"
        aria-label={t('unblockLabel', { name: member.name })}
        disabled={props.isPending}
        onClick={props.onUnblock}
      >
        {t('unblock')}
      </button>
    </li>
  );
}

/** The members the viewer blocked, newest first, each with a way to unblock them. */
function BlockedMembersList() {
  const t = useTranslations('PrivacySettings');
  const tCommon = useTranslations('Common');
  const failureText = useFailureText();
  const focus = useFocusRequest();
  const headingId = useId();
  const { data: settings } = useSettings();
  const blocked = useBlockedMembers();
  const unblock = useUnblock();
  const [result, setResult] = useState<{ unblocked: string } | { error: string } | null>(null);

  const onUnblock = (member: BlockedMember) => {
    setResult(null);
    unblock.mutate(member.id, {
      onSuccess: () => {
        setResult({ unblocked: member.name });
        // The row and its button are gone: keyboard users continue from the list's heading.
        focus(headingId);
      },
      onError: (error) => setResult({ error: failureText(readApiFailure(error).message) }),
    });
  };

  const members = blocked.data?.members ?? [];
  return (
    <div>
      <h3 id={headingId} tabIndex={-1} className="h5">
        {t('blockedTitle')}
      </h3>
      <p className="text-body-secondary">{t('blockedIntro')}</p>
      {blocked.isPending ? <p className="text-body-secondary">{tCommon('loading')}</p> : null}
      {blocked.isError ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('loadFailed')}</p>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void blocked.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : null}
      {blocked.data && members.length === 0 ? <p className="mb-0">{t('blockedEmpty')}</p> : null}
      {members.length > 0 ? (
        <ul className="list-group" aria-labelledby={headingId}>
          {members.map((member) => (
            <BlockedMemberRow
              key={member.id}
              member={member}
              cdnPrefix={settings?.cdn_prefix ?? ''}
              isPending={unblock.isPending && unblock.variables === member.id}
              onUnblock={() => onUnblock(member)}
            />
          ))}
        </ul>
      ) : null}
      <div role="status">
        {result && 'unblocked' in result ? (
          <div className="alert alert-success mt-3 mb-0">{t('unblocked', { name: result.unblocked })}</div>
        ) : null}
      </div>
      {result && 'error' in result ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {result.error}
        </div>
      ) : null}
    </div>
  );
}

/** Settings › Privacy (`/settings#privacy`): invisible mode and the blocked members. */
export function PrivacySettings() {
  const t = useTranslations('PrivacySettings');
  const headingId = useId();
  return (
    <section id="privacy" className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h4 card-title mb-3">
          {t('title')}
        </h2>
        <InvisibleSwitch />
        <BlockedMembersList />
      </div>
    </section>
  );
}
