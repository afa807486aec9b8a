'use client';

/** Query keys of the console's fictional profiles, under the console's own first part. */
export const profileKeys = {
  all: ['operator', 'profiles'] as const,
  list: (search: { q: string; page: number }) => ['operator', 'profiles', 'list', search] as const,
  one: (id: number) => ['operator', 'profiles', 'one', id] as const,
};

interface FailedCall {
  response?: { data?: { error?: { message?: string; field?: string; fields?: Record<string, string> } } };
}

/**
 * The fields a failed call was refused for, each with the API's message in the operator's language:
 * the one `field` of a domain check, or every invalid field of a failed validation.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const failure =
    error && typeof error === 'object' && 'response' in error
      ? (error as FailedCall).response?.data?.error
      : undefined;
  if (!failure) return {};
  return {
    ...failure.fields,
    ...(failure.field && failure.message ? { [failure.field]: failure.message } : {}),
  };
}
