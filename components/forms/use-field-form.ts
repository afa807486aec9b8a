'use client';

import { useId, useMemo, useState, type ReactNode } from 'react';
import { readApiFailure, type ApiFailure } from '@/lib/api/auth';
import { useFailureText } from './field-errors';
import { useFocusRequest } from './use-focus-request';

type Ids<F extends string> = Record<F | 'alert' | 'done', string>;

/**
 * The state every account form shares: values, errors under their fields, one error above the form,
 * focus moved to the first problem, and the API's refusals shown under the field they name.
 */
export function useFieldForm<F extends string>(fields: readonly F[], empty: Record<F, string>) {
  const failureText = useFailureText();
  const focus = useFocusRequest();
  const id = useId();
  const ids = useMemo(
    () =>
      ({
        ...Object.fromEntries(fields.map((field) => [field, `${id}-${field}`])),
        alert: `${id}-alert`,
        done: `${id}-done`,
      }) as Ids<F>,
    [fields, id],
  );
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<ReactNode>(null);

  return {
    ids,
    values,
    errors,
    formError,
    focus,
    clear: () => setValues(empty),
    /** A change handler for one field that also clears its error. */
    change: (field: F) => (value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    /** Shows the client-side problems; true when there are none and the form may be sent. */
    check: (problems: Partial<Record<F, string>>): boolean => {
      setErrors(problems);
      setFormError(null);
      const first = fields.find((field) => problems[field]);
      if (first) focus(ids[first]);
      return !first;
    },
    /**
     * A refused call: its message goes under the field it names, else above the form, where
     * `decorate` may add to it (a link to what to do next).
     */
    showFailure: (error: unknown, decorate?: (text: string, failure: ApiFailure) => ReactNode): void => {
      const failure = readApiFailure(error);
      const text = failureText(failure.message);
      const field = fields.find((name) => name === failure.field);
      if (field) {
        setErrors({ [field]: text } as Partial<Record<F, string>>);
        focus(ids[field]);
      } else {
        setFormError(decorate ? decorate(text, failure) : text);
        focus(ids.alert);
      }
    },
  };
}
