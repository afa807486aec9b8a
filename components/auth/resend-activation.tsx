'use client';

import { useTranslations } from 'next-intl';
import { readApiFailure, useActivationMail } from '@/lib/api/auth';
import { useFailureText } from '@/components/forms/field-errors';

/** Sends the logged-in member's confirmation mail again and says how that went. */
export function ResendActivation(props: { buttonClassName?: string }) {
  const t = useTranslations('Activation');
  const failureText = useFailureText();
  const resend = useActivationMail();
  return (
    <div>
      <button
        type="button"
        className={props.buttonClassName ?? 'btn btn-outline-dark'}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? t('sending') : t('resend')}
      </button>
      <p role="status" className="small mt-2 mb-0">
        {resend.isSuccess && t('resent')}
        {resend.isError && (
          <span className="text-danger">{failureText(readApiFailure(resend.error).message)}</span>
        )}
      </p>
    </div>
  );
}
