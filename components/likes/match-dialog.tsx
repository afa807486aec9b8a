'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { ImageSchema } from '@/lib/shared/schemas/user';
import { PhotoPlaceholder } from '../members/member-card';
import { imageUrl } from '../profile/labels';

interface Person {
  name: string;
  image: z.infer<typeof ImageSchema> | null;
}

export function Portrait(props: { person: Person; cdnPrefix: string; className: string }) {
  const { person } = props;
  if (!person.image) return <PhotoPlaceholder name={person.name} className={props.className} />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
    <img
      src={imageUrl(props.cdnPrefix, person.image.thumb_filename)}
      alt=""
      width={160}
      height={160}
      className={props.className}
    />
  );
}

/**
 * The match moment: both photos and what it means, over the page. A modal dialog: focus stays in it,
 * Escape and the button close it, and screen readers announce its title.
 */
export function MatchDialog(props: {
  viewer: Person;
  member: Person;
  cdnPrefix: string;
  onClose: () => void;
}) {
  const t = useTranslations('Likes');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="match-dialog"
      aria-labelledby="match-title"
      aria-describedby="match-text"
      onClose={props.onClose}
    >
      <div className="match-faces" aria-hidden="true">
        <Portrait
          person={props.viewer}
          cdnPrefix={props.cdnPrefix}
          className="match-face match-face-viewer"
        />
        <Portrait
          person={props.member}
          cdnPrefix={props.cdnPrefix}
          className="match-face match-face-member"
        />
        <span className="match-heart">♥</span>
      </div>
      <h2 id="match-title" className="match-title">
        {t('matchTitle')}
      </h2>
      <p id="match-text" className="mb-4">
        {t('matchText', { name: props.member.name })}
      </p>
      <button
        type="button"
        className="btn btn-light btn-lg w-100"
        autoFocus
        onClick={() => dialog.current?.close()}
      >
        {t('keepBrowsing')}
      </button>
    </dialog>
  );
}
