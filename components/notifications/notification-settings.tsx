'use client';

import { useIsMutating } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { MemberOnly } from '@/components/account/member-only';
import { notificationKeys } from '@/lib/api/keys';
import {
  useNotificationChoices,
  useUpdateNotifications,
  type NotificationChange,
} from '@/lib/api/notifications';
import {
  disabledEntry,
  isNotificationEnabled,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@/lib/shared/values/notifications';
import { usePushState } from '../push/use-push-state';
import { EmailStoppedNotice } from './email-stopped-notice';
import { InstallAppCard } from './install-app-card';
import { NOTIFICATION_GROUPS, type NotificationGroupId } from './notification-groups';
import { BubbleIcon, CheckIcon, HeartsIcon, SparkIcon } from './notification-icons';
import { PushPanel } from './push-panel';

/** Where a failed change is told: at its kind's row, at the all-e-mails button, or at the stop notice. */
export type FailurePlace = NotificationKind | 'all-email' | 'resume';

export function failurePlaceOf(change: NotificationChange): FailurePlace {
  if (change.type === 'resume-email') return 'resume';
  const [first] = change.entries;
  if (change.entries.length === 1 && first) return first.split(':')[1] as NotificationKind;
  return 'all-email';
}

const GROUP_ICONS: Record<NotificationGroupId, ReactNode> = {
  messages: <BubbleIcon size={20} />,
  matches: <HeartsIcon size={20} />,
  fromUs: <SparkIcon size={20} />,
};
const GROUP_TITLES = {
  messages: 'groupMessages',
  matches: 'groupMatches',
  fromUs: 'groupFromUs',
} as const satisfies Record<NotificationGroupId, string>;

const EMAIL_ENTRIES = NOTIFICATION_KINDS.map((kind) => disabledEntry('email', kind));

/** One switch of a kind on a channel; the whole cell is its label, big enough for a thumb. */
function ChannelSwitch(props: {
  label: string;
  isOn: boolean;
  isDisabled: boolean;
  describedBy: string;
  onChange: (isOn: boolean) => void;
}) {
  return (
    <label className="form-switch notif-switch">
      <input
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={props.isOn}
        disabled={props.isDisabled}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span className="visually-hidden">{props.label}</span>
    </label>
  );
}

function KindRow(props: {
  kind: NotificationKind;
  disabled: readonly string[];
  isPushAvailable: boolean;
  pushHintId: string | null;
  hasFailed: boolean;
  onSwitch: (channel: NotificationChannel, isOn: boolean) => void;
}) {
  const t = useTranslations('NotificationSettings');
  const descriptionId = useId();
  const title = t(`kinds.${props.kind}.title`);
  const isOn = (channel: NotificationChannel) => isNotificationEnabled(props.disabled, channel, props.kind);
  return (
    <li className="notif-row">
      <div className="notif-row-text">
        <span className="notif-row-title">{title}</span>
        <span id={descriptionId} className="notif-row-description">
          {t(`kinds.${props.kind}.description`)}
        </span>
      </div>
      <ChannelSwitch
        label={t('emailSwitch', { kind: title })}
        isOn={isOn('email')}
        isDisabled={false}
        describedBy={descriptionId}
        onChange={(value) => props.onSwitch('email', value)}
      />
      <ChannelSwitch
        label={t('pushSwitch', { kind: title })}
        isOn={isOn('push')}
        isDisabled={!props.isPushAvailable}
        describedBy={props.pushHintId ? `${descriptionId} ${props.pushHintId}` : descriptionId}
        onChange={(value) => props.onSwitch('push', value)}
      />
      {props.hasFailed ? (
        <p className="notif-row-error" role="alert">
          {t('saveFailed')}
        </p>
      ) : null}
    </li>
  );
}

function NotificationGroup(props: {
  id: NotificationGroupId;
  kinds: readonly NotificationKind[];
  children: (kind: NotificationKind) => ReactNode;
}) {
  const t = useTranslations('NotificationSettings');
  const headingId = useId();
  return (
    <section className="card notif-group" aria-labelledby={headingId}>
      <div className="notif-group-head">
        <span className="notif-group-icon">{GROUP_ICONS[props.id]}</span>
        <h2 id={headingId} className="notif-group-title">
          {t(GROUP_TITLES[props.id])}
        </h2>
        {/* Column heads for the eye; each switch names its channel itself. */}
        <span className="notif-col" aria-hidden="true">
          {t('email')}
        </span>
        <span className="notif-col" aria-hidden="true">
          {t('push')}
        </span>
      </div>
      <ul className="notif-rows">{props.kinds.map((kind) => props.children(kind))}</ul>
    </section>
  );
}

/** The eight kinds, grouped, each with an e-mail and a push switch, saved as they are switched. */
function NotificationChoices() {
  const t = useTranslations('NotificationSettings');
  const choices = useNotificationChoices();
  const push = usePushState();
  const pushHintId = useId();
  const [failure, setFailure] = useState<FailurePlace | null>(null);
  const [isSaved, setSaved] = useState(false);
  const isSaving = useIsMutating({ mutationKey: notificationKeys.update }) > 0;
  const update = useUpdateNotifications({
    onSuccess: () => setSaved(true),
    onError: (change) => setFailure(failurePlaceOf(change)),
  });
  if (!choices) return null;

  const save = (change: NotificationChange) => {
    setFailure(null);
    setSaved(false);
    update.mutate(change);
  };
  const isPushAvailable = push.state === 'subscribed';
  const showsPushHint = !isPushAvailable && push.state !== 'loading';
  const isAnyEmailOn = NOTIFICATION_KINDS.some((kind) =>
    isNotificationEnabled(choices.disabled, 'email', kind),
  );

  return (
    <>
      <EmailStoppedNotice
        stopped={choices.emailStopped}
        hasFailed={failure === 'resume'}
        onResume={() => save({ type: 'resume-email' })}
      />
      <PushPanel />
      <div className="notif-toolbar">
        <div className="notif-save-state" role="status">
          {isSaving ? (
            t('saving')
          ) : isSaved ? (
            <>
              <CheckIcon /> {t('saved')}
            </>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => save({ type: 'switch', entries: EMAIL_ENTRIES, isEnabled: !isAnyEmailOn })}
        >
          {isAnyEmailOn ? t('allEmailOff') : t('allEmailOn')}
        </button>
      </div>
      {failure === 'all-email' ? (
        <div className="alert alert-danger" role="alert">
          {t('saveFailed')}
        </div>
      ) : null}
      {showsPushHint ? (
        <p id={pushHintId} className="notif-push-hint">
          {t('pushSwitchesHint')}
        </p>
      ) : null}
      {NOTIFICATION_GROUPS.map((group) => (
        <NotificationGroup key={group.id} id={group.id} kinds={group.kinds}>
          {(kind) => (
            <KindRow
              key={kind}
              kind={kind}
              disabled={choices.disabled}
              isPushAvailable={isPushAvailable}
              pushHintId={showsPushHint ? pushHintId : null}
              hasFailed={failure === kind}
              onSwitch={(channel, isOn) =>
                save({ type: 'switch', entries: [disabledEntry(channel, kind)], isEnabled: isOn })
              }
            />
          )}
        </NotificationGroup>
      ))}
      <InstallAppCard />
    </>
  );
}

/** `/notifications`: e-mail and push, per kind (spec §1 notifications page, §4 push states, §8). */
export function NotificationSettings() {
  const t = useTranslations('NotificationSettings');
  return (
    <MemberOnly redirect="/notifications" message={t('loginRequired')}>
      <NotificationChoices />
    </MemberOnly>
  );
}
