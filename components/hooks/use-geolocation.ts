'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useApi } from '@/lib/api/api-context';
import { geocodeQuery } from '@/lib/api/geocode';
import { GEOLOCATION_CACHE_MS, isGeocodeResult } from '@/lib/shared/values/geo';
import type { GeocodeResult, GeolocationPermission } from '@/lib/shared/schemas/geo';

/** Where the last geocode result is kept, with the time (ms) it was found. */
export const GEOLOCATION_STORAGE_KEY = 'geolocation';
/** How long the browser may take to find the position. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;

export type GeolocationError = 'denied' | 'unavailable' | 'failed';

/** A stored geocode result (as kept in localStorage) while it is younger than an hour, else null. */
function parseStored(raw: string | null, now = Date.now()): GeocodeResult | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { at?: unknown; result?: unknown };
    if (typeof stored.at !== 'number' || stored.at > now || now - stored.at >= GEOLOCATION_CACHE_MS)
      return null;
    return isGeocodeResult(stored.result) ? stored.result : null;
  } catch {
    return null;
  }
}

function readStoredRaw(): string | null {
  try {
    return window.localStorage.getItem(GEOLOCATION_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored geocode result while it is younger than an hour, else null (signup prefills from it). */
export function readStoredGeocode(now = Date.now()): GeocodeResult | null {
  return parseStored(readStoredRaw(), now);
}

const storageListeners = new Set<() => void>();

function storeGeocode(result: GeocodeResult, now = Date.now()): void {
  try {
    window.localStorage.setItem(GEOLOCATION_STORAGE_KEY, JSON.stringify({ at: now, result }));
  } catch {
    // Storage refused (private mode): the result lasts for this page view.
  }
  for (const listener of storageListeners) listener();
}

function subscribeStorage(onChange: () => void): () => void {
  storageListeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    storageListeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const subscribeNothing = () => () => undefined;

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: GEOLOCATION_TIMEOUT_MS,
      maximumAge: GEOLOCATION_CACHE_MS,
    }),
  );
}

/**
 * The visitor's position as a geocode result (spec §4): the permission (`unsupported` without
 * the Geolocation API, `unknown` without the Permissions API, otherwise the browser's state, kept
 * up to date), and `locate()`, which asks the browser and the server once an hour at most.
 */
export function useGeolocation(): {
  permission: GeolocationPermission;
  locating: boolean;
  result: GeocodeResult | null;
  error: GeolocationError | null;
  locate: () => Promise<GeocodeResult | null>;
} {
  const api = useApi();
  const queryClient = useQueryClient();
  // The server cannot know: it renders `unknown`, the browser's answer follows after hydration.
  const isSupported = useSyncExternalStore(subscribeNothing, hasGeolocation, () => true);
  const canQuery = useSyncExternalStore(
    subscribeNothing,
    () => typeof navigator.permissions?.query === 'function',
    () => false,
  );
  const [browserState, setBrowserState] = useState<PermissionState | null>(null);
  const storedRaw = useSyncExternalStore(subscribeStorage, readStoredRaw, () => null);
  const stored = useMemo(() => parseStored(storedRaw), [storedRaw]);
  const [located, setLocated] = useState<GeocodeResult | null>(null);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<GeolocationError | null>(null);

  useEffect(() => {
    if (!isSupported || !canQuery) return;
    let status: PermissionStatus | null = null;
    let isCurrent = true;
    const onChange = () => {
      if (status) setBrowserState(status.state);
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((answer) => {
        if (!isCurrent) return;
        status = answer;
        setBrowserState(answer.state);
        answer.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
      status?.removeEventListener('change', onChange);
    };
  }, [isSupported, canQuery]);

  const locate = useCallback(async (): Promise<GeocodeResult | null> => {
    const kept = readStoredGeocode();
    if (kept) {
      setLocated(kept);
      setError(null);
      return kept;
    }
    if (!hasGeolocation()) {
      setError('unavailable');
      return null;
    }
    setLocating(true);
    setError(null);
    try {
      let position: GeolocationPosition;
      try {
        position = await currentPosition();
      } catch (failure) {
        const isDenied = (failure as GeolocationPositionError | undefined)?.code === 1;
        setError(isDenied ? 'denied' : 'unavailable');
        return null;
      }
      try {
        const point = { lat: position.coords.latitude, lon: position.coords.longitude };
        const found = await queryClient.fetchQuery(geocodeQuery(api, point));
        storeGeocode(found);
        setLocated(found);
        return found;
      } catch {
        setError('failed');
        return null;
      }
    } finally {
      setLocating(false);
    }
  }, [api, queryClient]);

  const permission: GeolocationPermission = !isSupported ? 'unsupported' : (browserState ?? 'unknown');
  return { permission, locating, result: located ?? stored, error, locate };
}
