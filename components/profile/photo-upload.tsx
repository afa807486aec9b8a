'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useFailureText } from '@/components/forms/field-errors';
import { readApiFailure } from '@/lib/api/auth';
import { useUploadPhoto } from '@/lib/api/photos';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@/lib/shared/values/photos';

export const ACCEPTED_TYPES = UPLOAD_TYPES.join(',');
const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / 1024 / 1024;

/**
 * Refuses, before uploading, a file the server would refuse by its type or size, with the server's
 * own text. A file whose type the browser does not know goes to the server, which checks its content.
 */
export function useUploadPrecheck(): (file: File) => string | null {
  const tErrors = useTranslations('Errors');
  return (file: File) => {
    if (file.type && !(UPLOAD_TYPES as readonly string[]).includes(file.type))
      return tErrors('photo_invalid');
    if (file.size > MAX_UPLOAD_BYTES) return tErrors('photo_too_large', { megabytes: MAX_UPLOAD_MEGABYTES });
    return null;
  };
}

/**
 * The "Add a photo" button, its hidden file input and the upload's progress bar. What happened is
 * told to the parent, which shows it in its live regions.
 */
export function PhotoUpload(props: {
  isFull: boolean;
  isBusy: boolean;
  onStart: () => void;
  onUploaded: () => void;
  onFailed: (text: string) => void;
}) {
  const t = useTranslations('ProfilePhotos');
  const failureText = useFailureText();
  const precheck = useUploadPrecheck();
  const upload = useUploadPhoto();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [percent, setPercent] = useState(0);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied so that choosing the same file again is seen as a new choice.
    event.target.value = '';
    if (!file) return;
    const refusal = precheck(file);
    if (refusal) {
      props.onFailed(refusal);
      return;
    }
    props.onStart();
    setPercent(0);
    upload.mutate(
      { file, onProgress: (value) => setPercent((current) => Math.max(current, value)) },
      {
        onSuccess: () => props.onUploaded(),
        onError: (error) => props.onFailed(failureText(readApiFailure(error).message)),
      },
    );
  };

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_TYPES}
        className="d-none"
        tabIndex={-1}
        aria-label={t('chooseFile')}
        onChange={onChange}
      />
      <button
        type="button"
        className="btn btn-primary"
        aria-describedby={hintId}
        disabled={props.isFull || props.isBusy || upload.isPending}
        onClick={() => inputRef.current?.click()}
      >
        {upload.isPending ? t('uploadingButton') : t('upload')}
      </button>
      <div id={hintId} className="form-text">
        {t('uploadHint', { megabytes: MAX_UPLOAD_MEGABYTES })}
      </div>
      {upload.isPending ? (
        <div className="mt-3">
          <div className="small mb-1" aria-hidden="true">
            {t('uploadingPercent', { percent })}
          </div>
          <div
            role="progressbar"
            aria-label={t('progressLabel')}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            className="bg-body-secondary rounded overflow-hidden"
            style={{ height: '0.75rem' }}
          >
            <div className="bg-primary h-100" style={{ width: `${percent}%`, transition: 'width 0.2s' }} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
