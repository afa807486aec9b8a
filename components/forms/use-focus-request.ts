'use client';

import { useCallback, useEffect, useState } from 'react';

/**
 * Moves focus to an element by id after the next render, once it exists and shows its new state
 * (an error, a new step). Returns the function that asks for it.
 */
export function useFocusRequest(): (id: string) => void {
  const [request, setRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!request) return;
    document.getElementById(request.id)?.focus();
  }, [request]);
  // A new object each time, so asking twice for the same element focuses it twice.
  return useCallback((id: string) => setRequest({ id }), []);
}
