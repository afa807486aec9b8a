import { CoinMark } from '@/components/payments/payment-icons';

/**
 * How many messages the welcome credits pay for at the site's message price (0 when messages cost
 * nothing or more than the credits).
 */
export function messagesPaidBy(credits: number, messageCredits: number): number {
  return messageCredits > 0 ? Math.floor(credits / messageCredits) : 0;
}

/**
 * The welcome credits of a new member (the site's `signup_credits`, booked when the address is
 * confirmed): what they are and what they pay for, in the caller's words. Used by the signup's
 * complete step and by the page the activation link leads to.
 */
export function WelcomeCredits(props: { title: string; detail: string | null }) {
  return (
    <div className="welcome-credits">
      <CoinMark size={28} />
      <div>
        <p className="fw-bold mb-0">{props.title}</p>
        {props.detail ? <p className="mb-0 small">{props.detail}</p> : null}
      </div>
    </div>
  );
}
