'use client';

import { useSettings, useUser } from '@/lib/api/hooks';

/**
 * The fictional icon with the site's singular wording as its accessible name. Shown to visitors
 * and to members whose `fictional_icon` is on.
 */
export function FictionalMark(props: { className?: string }) {
  const { data: settings } = useSettings();
  const { data: user } = useUser();
  if (user && !user.fictional_icon) return null;
  const label = settings?.fictional_singular ?? '';
  return (
    <span className={`fictional-mark ${props.className ?? ''}`} title={label}>
      <span aria-hidden="true">✦</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
