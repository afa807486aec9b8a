import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageServices } from '@/lib/server/pages/page-services';
import type { OutboxMail } from '@/lib/server/mail/list-outbox';

// A developer's tool that members never see, so its few labels are English only.
export const metadata: Metadata = { title: 'Outbox', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ to?: string | string[] }> };

const formatTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function status(mail: Pick<OutboxMail, 'error' | 'sentAt'>): { label: string; className: string } {
  if (mail.error) return { label: `failed: ${mail.error}`, className: 'text-bg-danger' };
  if (mail.sentAt) return { label: `sent ${formatTime(mail.sentAt)}`, className: 'text-bg-success' };
  return { label: 'kept, not sent', className: 'text-bg-secondary' };
}

/** Development only: the newest mails, with their links to click through a flow. */
export default async function DevOutboxPage(props: Props) {
  const { to } = await props.searchParams;
  if (!pageServices().mailConfig().isOutboxViewEnabled) notFound();
  const recipient = typeof to === 'string' && to.trim() ? to.trim() : undefined;
  const mails = await pageServices().listOutbox({ to: recipient, limit: 50 });
  // A recipient starting with + is a phone number (E.164): it filters the text messages.
  const texts = await pageServices().listSmsOutbox({
    to: recipient?.startsWith('+') ? recipient : undefined,
    limit: 20,
  });

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">Outbox</h1>
      <form className="d-flex gap-2 mb-4" method="get" role="search">
        <label htmlFor="outbox-to" className="visually-hidden">
          Recipient
        </label>
        <input
          id="outbox-to"
          name="to"
          type="search"
          className="form-control"
          placeholder="Recipient e-mail address or phone number (+31…)"
          defaultValue={recipient}
        />
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </form>
      <section aria-labelledby="outbox-sms-heading" className="mb-4">
        <h2 id="outbox-sms-heading" className="h5">
          Text messages
        </h2>
        {texts.length === 0 ? (
          <p data-testid="outbox-sms-empty">No text messages{recipient ? ` to ${recipient}` : ''} yet.</p>
        ) : (
          <ol className="list-unstyled">
            {texts.map((sms) => (
              <li key={sms.id} className="card mb-2" data-testid="outbox-sms">
                <div className="card-body py-2">
                  <p className="mb-1 small">
                    To <strong data-testid="outbox-sms-to">{sms.to}</strong> ·{' '}
                    <time dateTime={sms.createdAt.toISOString()}>{formatTime(sms.createdAt)}</time>{' '}
                    <span className={`badge ${status(sms).className}`}>{status(sms).label}</span>
                  </p>
                  <p className="mb-0" data-testid="outbox-sms-text">
                    {sms.text}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      {mails.length === 0 ? (
        <p data-testid="outbox-empty">No mail{recipient ? ` to ${recipient}` : ''} yet.</p>
      ) : (
        <ol className="list-unstyled">
          {mails.map((mail) => {
            const state = status(mail);
            return (
              <li key={mail.id} className="card mb-3" data-testid="outbox-mail">
                <div className="card-body">
                  <h2 className="h5 card-title">{mail.subject}</h2>
                  <p className="mb-2 small">
                    To <strong data-testid="outbox-to">{mail.to}</strong> · {mail.kind} · {mail.locale} ·{' '}
                    <time dateTime={mail.createdAt.toISOString()}>{formatTime(mail.createdAt)}</time>{' '}
                    <span className={`badge ${state.className}`}>{state.label}</span>
                  </p>
                  {mail.links.length > 0 && (
                    <ul className="mb-2">
                      {mail.links.map((link) => (
                        <li key={link}>
                          <a href={link} className="text-break" data-testid="outbox-link">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                  {Object.keys(mail.headers).length > 0 && (
                    <pre
                      className="small mb-2 text-break"
                      data-testid="outbox-headers"
                      style={{ whiteSpace: 'pre-wrap' }}
                    >
                      {Object.entries(mail.headers)
                        .map(([name, value]) => `${name}: ${value}`)
                        .join('\n')}
                    </pre>
                  )}
                  <pre className="small bg-light border rounded p-2 mb-2" style={{ whiteSpace: 'pre-wrap' }}>
                    {mail.text}
                  </pre>
                  <details>
                    <summary>HTML</summary>
                    {/* Sandboxed without permissions: the mail renders, nothing in it can run. */}
                    <iframe
                      title={`HTML of mail ${mail.id}`}
                      srcDoc={mail.html}
                      sandbox=""
                      className="w-100 border rounded mt-2"
                      style={{ height: 640 }}
                    />
                  </details>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
