export const SIGNUP_PATH = '/signup';

/** Whether a click follows a link to the signup page in this tab, from another page of this site. */
export function isSignupLinkClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor?.href || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) {
    return false;
  }
  const url = new URL(anchor.href, window.location.href);
  return (
    url.origin === window.location.origin &&
    url.pathname === SIGNUP_PATH &&
    window.location.pathname !== SIGNUP_PATH
  );
}
