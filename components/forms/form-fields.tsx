'use client';

import { useTranslations } from 'next-intl';
import { useState, type HTMLAttributes, type ReactNode } from 'react';

/** Ids of a field's hint and error, for `aria-describedby`. */
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

export function describedBy(id: string, parts: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = [parts.error ? errorId(id) : null, parts.hint ? hintId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The error under a field; its id is what the field's `aria-describedby` names. */
export function FieldError(props: { id: string; children?: ReactNode }) {
  if (!props.children) return null;
  return (
    <div id={errorId(props.id)} className="invalid-feedback d-block">
      {props.children}
    </div>
  );
}

export function FieldHint(props: { id: string; children?: ReactNode }) {
  if (!props.children) return null;
  return (
    <div id={hintId(props.id)} className="form-text">
      {props.children}
    </div>
  );
}

/** A labelled text input (or textarea) with its hint and error wired for assistive technology. */
export function TextField(props: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  isMultiline?: boolean;
  maxLength?: number;
  isRequired?: boolean;
  after?: ReactNode;
}) {
  // E-mail addresses and passwords are typed verbatim: no capitals or spelling fixes from the phone.
  const isVerbatim =
    props.type === 'email' || props.type === 'password' || props.autoComplete?.endsWith('password');
  const common = {
    id: props.id,
    name: props.id,
    value: props.value,
    className: `form-control${props.error ? ' is-invalid' : ''}`,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(props.id, props),
    'aria-required': props.isRequired ? true : undefined,
    maxLength: props.maxLength,
  };
  return (
    <div className="mb-3">
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      {props.isMultiline ? (
        <textarea {...common} rows={3} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          autoCapitalize={isVerbatim ? 'none' : undefined}
          autoCorrect={isVerbatim ? 'off' : undefined}
          spellCheck={isVerbatim ? false : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      <FieldError id={props.id}>{props.error}</FieldError>
      <FieldHint id={props.id}>{props.hint}</FieldHint>
      {props.after}
    </div>
  );
}

/** A password input with a "show password" switch, useful on phones. */
export function PasswordField(props: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  hint?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
}) {
  const t = useTranslations('AuthForm');
  const [isShown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={isShown ? 'text' : 'password'}
      isRequired
      after={
        <div className="form-check mt-1">
          <input
            id={`${props.id}-show`}
            type="checkbox"
            className="form-check-input"
            checked={isShown}
            onChange={(event) => setShown(event.target.checked)}
          />
          <label htmlFor={`${props.id}-show`} className="form-check-label small">
            {t('showPassword')}
          </label>
        </div>
      }
    />
  );
}

/** An error about the whole form; it can take focus so keyboard users land on it. */
export function FormAlert(props: { id: string; children?: ReactNode }) {
  if (!props.children) return null;
  return (
    <div id={props.id} className="alert alert-danger" role="alert" tabIndex={-1}>
      {props.children}
    </div>
  );
}
