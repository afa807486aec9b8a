import type { ReactNode } from 'react';

/**
 * A simple, neutral mark per payment method (drawn here; no provider's logo), so the tiles are told
 * apart at a glance. The method's name is always written beside it.
 */
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Mark(props: { children: ReactNode; tint: string }) {
  return (
    <span className="method-mark" style={{ ['--method-tint' as string]: props.tint }} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
        {props.children}
      </svg>
    </span>
  );
}

const Card = (
  <>
    <rect x="2.5" y="5.5" width="19" height="13" rx="2.2" {...line} />
    <path d="M2.5 9.5h19M6 15h4" {...line} />
  </>
);
const Bank = (
  <>
    <path d="M3 9.5 12 4l9 5.5M5 10v7M9.7 10v7M14.3 10v7M19 10v7M3 20h18" {...line} />
  </>
);
const Phone = (
  <>
    <rect x="7" y="2.5" width="10" height="19" rx="2.2" {...line} />
    <path d="M11 18.5h2" {...line} />
  </>
);
const Letters = (text: string) => (
  <text
    x="12"
    y="15.6"
    textAnchor="middle"
    fontSize={text.length > 2 ? 7.5 : 9.5}
    fontWeight="800"
    fill="currentColor"
  >
    {text}
  </text>
);

const MARKS: Record<string, { tint: string; body: ReactNode }> = {
  ideal: { tint: '#cc0066', body: Letters('iD') },
  bancontact: { tint: '#1e3764', body: Letters('BC') },
  creditcard: { tint: '#2f4b8f', body: Card },
  paypal: { tint: '#1d5fa8', body: Letters('PP') },
  banktransfer: { tint: '#3f6b52', body: Bank },
  directdebit: {
    tint: '#5b4a8b',
    body: (
      <>
        <path d="M4 8h13l-3-3M20 16H7l3 3" {...line} />
      </>
    ),
  },
  blik: { tint: '#2b2b2b', body: Letters('BL') },
  eps: { tint: '#a61e4d', body: Letters('eps') },
  przelewy24: { tint: '#c8102e', body: Letters('P24') },
  twint: { tint: '#222', body: Phone },
  trustly: { tint: '#0e8a4a', body: Bank },
  applepay: { tint: '#111', body: Phone },
  klarna: { tint: '#b0446e', body: Letters('K.') },
  mobilepay: { tint: '#3b5bdb', body: Phone },
  vipps: { tint: '#e0570f', body: Phone },
  belfius: { tint: '#a50034', body: Bank },
  kbc: { tint: '#00558a', body: Bank },
};

export function MethodMark(props: { method: string }) {
  const mark = MARKS[props.method] ?? { tint: '#5f5866', body: Card };
  return <Mark tint={mark.tint}>{mark.body}</Mark>;
}
