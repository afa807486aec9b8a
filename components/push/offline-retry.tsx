'use client';

/**
 * Loads the page again: the address the member wanted (the service worker shows the offline page in
 * its place), which the network answers once it is back.
 */
export function OfflineRetry(props: { label: string }) {
  return (
    <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
      {props.label}
    </button>
  );
}
