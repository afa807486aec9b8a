/**
 * Leaves the app for a payment page (the provider's checkout, or back from it): a full page load,
 * as a bank's page would be, never a client-side route change.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
