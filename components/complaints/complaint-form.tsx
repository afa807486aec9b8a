'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { describedBy, FieldError, FormAlert, TextField } from '@/components/forms/form-fields';
import { useFieldForm } from '@/components/forms/use-field-form';
import { useSubmitComplaint } from '@/lib/api/complaints';
import { useUser } from '@/lib/api/hooks';
import {
  checkComplaint,
  COMPLAINT_REASONS,
  COMPLAINT_TEXT_LENGTH,
  CONVERSATION_REF_MAX,
} from '@/lib/shared/values/complaints';
import type { ComplaintFieldError, ComplaintReason } from '@/lib/shared/schemas/complaints';

type Field = 'reason' | 'text' | 'conversation_ref' | 'email';
const FIELDS: readonly Field[] = ['reason', 'text', 'conversation_ref', 'email'];
const EMPTY: Record<Field, string> = { reason: '', text: '', conversation_ref: '', email: '' };

const isReason = (value: string): value is ComplaintReason =>
  (COMPLAINT_REASONS as readonly string[]).includes(value);

/** The member a complaint is about (`/complaints?member=<id>`); `name` is null where it may not be shown. */
export interface ReportedMember {
  id: number;
  name: string | null;
}

/**
 * The complaint form: reason, description, an optional conversation reference and, for visitors,
 * the address to answer to. Once sent it shows the reference number the mailed receipt repeats.
 */
export function ComplaintForm(props: {
  member: ReportedMember | null;
  /** The conversation reported from the chat (`/complaints?conversation=<id>`), filled in. */
  conversationRef?: string;
}) {
  const t = useTranslations('Complaints');
  const tErrors = useTranslations('Errors');
  const { data: user } = useUser();
  const isMember = Boolean(user);
  const submit = useSubmitComplaint();
  const [initial] = useState(() => ({ ...EMPTY, conversation_ref: props.conversationRef ?? '' }));
  const form = useFieldForm(FIELDS, initial);
  const { ids, values, errors, formError, change } = form;
  const lengths = { min: COMPLAINT_TEXT_LENGTH.min, max: COMPLAINT_TEXT_LENGTH.max };
  const errorText = (code: ComplaintFieldError) => tErrors(code, lengths);

  if (submit.isSuccess) {
    return (
      <div id={ids.done} className="alert alert-success" role="status" tabIndex={-1}>
        <h2 className="h5">{t('doneTitle')}</h2>
        <p>
          {submit.data.is_receipt_mailed
            ? t('done', { reference: submit.data.reference })
            : t('doneNoMail', { reference: submit.data.reference })}
        </p>
        <button
          type="button"
          className="btn btn-outline-success btn-sm"
          onClick={() => {
            form.clear();
            submit.reset();
          }}
        >
          {t('another')}
        </button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = checkComplaint({ text: values.text, email: values.email, isMember });
    const isValid = form.check({
      reason: isReason(values.reason) ? undefined : tErrors('complaint_reason_required'),
      text: problems.text ? errorText(problems.text) : undefined,
      email: problems.email ? errorText(problems.email) : undefined,
    });
    if (!isValid || !isReason(values.reason)) return;
    submit.mutate(
      {
        reason: values.reason,
        text: values.text.trim(),
        conversation_ref: values.conversation_ref.trim() || undefined,
        member: props.member?.id,
        email: isMember ? undefined : values.email.trim(),
      },
      { onSuccess: () => form.focus(ids.done), onError: (error) => form.showFailure(error) },
    );
  };

  const member = props.member;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submit.isPending}>
      <FormAlert id={ids.alert}>{formError}</FormAlert>
      {member && (
        <p className="alert alert-secondary">
          {member.name !== null
            ? t('aboutMember', { name: member.name })
            : t('aboutHiddenMember', { id: member.id })}
        </p>
      )}
      <div className="mb-3">
        <label htmlFor={ids.reason} className="form-label">
          {t('reason')}
        </label>
        <select
          id={ids.reason}
          name="reason"
          className={`form-select${errors.reason ? ' is-invalid' : ''}`}
          value={values.reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describedBy(ids.reason, { error: errors.reason })}
          aria-required
          onChange={(event) => change('reason')(event.target.value)}
        >
          <option value="">{t('chooseReason')}</option>
          {COMPLAINT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </select>
        <FieldError id={ids.reason}>{errors.reason}</FieldError>
      </div>
      <TextField
        id={ids.text}
        label={t('text')}
        hint={t('textHelp', lengths)}
        value={values.text}
        error={errors.text}
        onChange={change('text')}
        isMultiline
        isRequired
        maxLength={COMPLAINT_TEXT_LENGTH.max}
      />
      <TextField
        id={ids.conversation_ref}
        label={t('conversationRef')}
        hint={t('conversationRefHelp')}
        value={values.conversation_ref}
        error={errors.conversation_ref}
        onChange={change('conversation_ref')}
        maxLength={CONVERSATION_REF_MAX}
      />
      {isMember ? (
        <p className="form-text mb-3">{t('memberEmail')}</p>
      ) : (
        <TextField
          id={ids.email}
          label={t('email')}
          hint={t('emailHelp')}
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={change('email')}
          isRequired
          maxLength={254}
        />
      )}
      <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
        {submit.isPending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
