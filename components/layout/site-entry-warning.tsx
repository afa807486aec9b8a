'use client';

import Cookies from 'js-cookie';
import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useSettings } from '@/lib/api/hooks';
import { ENTRY_WARNING_COOKIE } from '@/lib/shared/constants';

/** Leaving the site sends the visitor to a neutral page. */
const LEAVE_URL = 'https://www.google.com/';

/**
 * The adult-content warning (id `site-entry-warning`), shown while the site's
 * `enable_site_entry_popup` is on until the visitor accepts it; acceptance is remembered.
 */
export function SiteEntryWarning(props: { isAccepted: boolean; countries?: readonly string[] }) {
  const t = useTranslations('EntryWarning');
  const { data: settings } = useSettings();
  const [isAccepted, setAccepted] = useState(props.isAccepted);
  // The modal renders into a portal, which exists only in the browser: open it after hydration.
  const isHydrated = useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
  const appliesHere =
    !props.countries || (settings ? props.countries.includes(settings.geoip_selected_country) : false);
  const show = isHydrated && Boolean(settings?.enable_site_entry_popup) && appliesHere && !isAccepted;

  const accept = () => {
    Cookies.set(ENTRY_WARNING_COOKIE, '1', { expires: 365, path: '/', sameSite: 'lax' });
    setAccepted(true);
  };

  return (
    <Modal
      id="site-entry-warning"
      show={show}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="site-entry-warning-title"
    >
      <Modal.Header>
        <Modal.Title id="site-entry-warning-title">{t('title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('body', { site: settings?.name ?? '' })}</p>
        <p className="mb-0">{t('confirm')}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href={LEAVE_URL} rel="noreferrer">
          {t('leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={accept} autoFocus>
          {t('enter')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
