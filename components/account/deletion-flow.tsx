'use client';

import { hasFeaturePage } from '@/lib/shared/feature-pages';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAccountDeletion } from '@/lib/api/account';
import { readApiFailure } from '@/lib/api/auth';
import { useCompanyInfo, useSettings } from '@/lib/api/hooks';
import { cleanPhone } from '@/lib/shared/company';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import { DELETION_REASONS } from '@/lib/shared/values/auth';
import { useFailureText } from '@/components/forms/field-errors';
import { errorId, FieldError, FormAlert, PasswordField, TextField } from '@/components/forms/form-fields';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { MemberOnly } from './member-only';

type Reason = (typeof DELETION_REASONS)[number];
type Step = 'solutions' | 'reason' | 'offer' | 'confirm';

/** Where the flow ends once the account is deleted. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';
const COMMENT_MAX = 2000;

/** /settings/delete: solutions first, then a reason, a retention offer, and the password to confirm. */
export function DeletionFlow() {
  const t = useTranslations('AccountDeletion');
  const deletion = useAccountDeletion();
  // The member is a visitor from now on; say so while the next page loads instead of asking to log in.
  if (deletion.isSuccess) {
    return (
      <p role="status">
        {t.rich('deleted', { link: (chunks) => <Link href={ACCOUNT_DELETED_PATH}>{chunks}</Link> })}
      </p>
    );
  }
  return (
    <MemberOnly redirect="/settings/delete" message={t('loginRequired')}>
      <DeletionSteps deletion={deletion} />
    </MemberOnly>
  );
}

type Deletion = ReturnType<typeof useAccountDeletion>;

function DeletionSteps(props: { deletion: Deletion }) {
  const t = useTranslations('AccountDeletion');
  const { data: company } = useCompanyInfo();
  const discount = company?.delete_discount ?? 0;
  const focus = useFocusRequest();
  const id = useId();
  const headingId = `${id}-heading`;
  const [step, setStep] = useState<Step>('solutions');
  const [reason, setReason] = useState<Reason | null>(null);
  const [comment, setComment] = useState('');

  // The offer is left out when the company makes none.
  const steps: Step[] =
    discount > 0 ? ['solutions', 'reason', 'offer', 'confirm'] : ['solutions', 'reason', 'confirm'];
  const index = Math.max(steps.indexOf(step), 0);
  const go = (next: Step | undefined) => {
    if (!next) return;
    setStep(next);
    focus(headingId);
  };
  const forward = () => go(steps[index + 1]);
  const back = () => go(steps[index - 1]);

  const titles: Record<Step, string> = {
    solutions: t('solutionsTitle'),
    reason: t('reasonTitle'),
    offer: t('offerTitle'),
    confirm: t('confirmTitle'),
  };

  return (
    <>
      <p className="text-body-secondary mb-1">{t('progress', { step: index + 1, total: steps.length })}</p>
      <h2 id={headingId} className="h3 mb-3" tabIndex={-1}>
        {titles[step]}
      </h2>
      {step === 'solutions' ? <Solutions onContinue={forward} /> : null}
      {step === 'reason' ? (
        <ReasonStep
          reason={reason}
          comment={comment}
          onReason={setReason}
          onComment={setComment}
          onBack={back}
          onContinue={forward}
        />
      ) : null}
      {step === 'offer' ? <Offer discount={discount} onBack={back} onDecline={forward} /> : null}
      {step === 'confirm' && reason ? (
        <Confirm deletion={props.deletion} reason={reason} comment={comment} onBack={back} />
      ) : null}
    </>
  );
}

function SolutionCard(props: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <li className="col">
      <section className="card h-100" aria-labelledby={headingId}>
        <div className="card-body d-flex flex-column">
          <h3 id={headingId} className="h5 card-title">
            {props.title}
          </h3>
          {props.children}
        </div>
      </section>
    </li>
  );
}

function Solutions(props: { onContinue: () => void }) {
  const t = useTranslations('AccountDeletion');
  const { data: settings } = useSettings();
  const { data: company } = useCompanyInfo();
  const email = settings?.support_email;
  const phone = company?.support_phone;
  return (
    <>
      <p>{t('solutionsIntro')}</p>
      <ul className="row row-cols-1 row-cols-md-3 g-3 list-unstyled mb-4">
        <SolutionCard title={t('breakTitle')}>
          <p className="card-text">{t('breakBody')}</p>
          <Link href="/settings#privacy" className="btn btn-outline-primary mt-auto">
            {t('breakLink')}
          </Link>
        </SolutionCard>
        <SolutionCard title={t('fewerMailsTitle')}>
          <p className="card-text">{t('fewerMailsBody')}</p>
          {hasFeaturePage('/notifications') ? (
            <Link href="/notifications" className="btn btn-outline-primary mt-auto">
              {t('fewerMailsLink')}
            </Link>
          ) : null}
        </SolutionCard>
        <SolutionCard title={t('talkTitle')}>
          <p className="card-text">{t('talkBody')}</p>
          <div className="d-grid gap-2 mt-auto">
            {email ? (
              <a href={`mailto:${email}`} className="btn btn-outline-primary text-break">
                {t('talkMail', { email })}
              </a>
            ) : null}
            {phone ? (
              <a href={`tel:${cleanPhone(phone)}`} className="btn btn-outline-primary">
                {t('talkPhone', { phone })}
              </a>
            ) : null}
          </div>
        </SolutionCard>
      </ul>
      <div className="d-flex flex-column flex-sm-row gap-2">
        {/* The home is a page of its own (pages/index.tsx), not the app's: nothing to prefetch. */}
        <Link href="/" prefetch={false} className="btn btn-primary">
          {t('keep')}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={props.onContinue}>
          {t('continue')}
        </button>
      </div>
    </>
  );
}

function ReasonStep(props: {
  reason: Reason | null;
  comment: string;
  onReason: (reason: Reason) => void;
  onComment: (comment: string) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const t = useTranslations('AccountDeletion');
  const focus = useFocusRequest();
  const id = useId();
  const groupId = `${id}-reason`;
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!props.reason) {
      setError(t('reasonRequired'));
      focus(`${groupId}-${DELETION_REASONS[0]}`);
      return;
    }
    props.onContinue();
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('reasonLegend')}</legend>
        {DELETION_REASONS.map((reason) => (
          <div key={reason} className="form-check">
            <input
              id={`${groupId}-${reason}`}
              type="radio"
              name={groupId}
              value={reason}
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              aria-describedby={error ? errorId(groupId) : undefined}
              required
              checked={props.reason === reason}
              onChange={() => {
                props.onReason(reason);
                setError(null);
              }}
            />
            <label htmlFor={`${groupId}-${reason}`} className="form-check-label">
              {t(`reasons.${reason}`)}
            </label>
          </div>
        ))}
        <FieldError id={groupId}>{error}</FieldError>
      </fieldset>
      <TextField
        id={`${id}-comment`}
        label={t('comment')}
        isMultiline
        maxLength={COMMENT_MAX}
        value={props.comment}
        onChange={props.onComment}
      />
      <div className="d-flex flex-column flex-sm-row gap-2">
        <button type="submit" className="btn btn-primary">
          {t('next')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={props.onBack}>
          {t('back')}
        </button>
      </div>
    </form>
  );
}

function Offer(props: { discount: number; onBack: () => void; onDecline: () => void }) {
  const t = useTranslations('AccountDeletion');
  return (
    <>
      <div className="alert alert-success">
        <p className="h4">{t('offer', { discount: props.discount })}</p>
        <p className="mb-0">{t('offerBody', { discount: props.discount })}</p>
      </div>
      <div className="d-flex flex-column flex-sm-row gap-2">
        {hasFeaturePage('/credits') ? (
          <Link href="/credits" className="btn btn-primary">
            {t('useOffer')}
          </Link>
        ) : null}
        <button type="button" className="btn btn-outline-secondary" onClick={props.onDecline}>
          {t('declineOffer')}
        </button>
        <button type="button" className="btn btn-link" onClick={props.onBack}>
          {t('back')}
        </button>
      </div>
    </>
  );
}

function Confirm(props: { deletion: Deletion; reason: Reason; comment: string; onBack: () => void }) {
  const t = useTranslations('AccountDeletion');
  const failureText = useFailureText();
  const router = useRouter();
  const deletion = props.deletion;
  const focus = useFocusRequest();
  const id = useId();
  const ids = { password: `${id}-password`, alert: `${id}-alert` };
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setPasswordError(t('passwordRequired'));
      focus(ids.password);
      return;
    }
    const comment = props.comment.trim();
    deletion.mutate(
      { password, reason: props.reason, ...(comment ? { comment } : {}) },
      {
        onSuccess: () => {
          router.push(ACCOUNT_DELETED_PATH);
          router.refresh();
        },
        onError: (error) => {
          const failure = readApiFailure(error);
          const text = failureText(failure.message);
          if (failure.field === 'password') {
            setPasswordError(text);
            focus(ids.password);
          } else {
            setFormError(text);
            focus(ids.alert);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <ul>
        <li>{t('confirmNow')}</li>
        <li>{t('confirmReactivate', { days: REACTIVATION_DAYS })}</li>
        <li>{t('confirmAfter', { days: REACTIVATION_DAYS })}</li>
      </ul>
      <FormAlert id={ids.alert}>{formError}</FormAlert>
      <PasswordField
        id={ids.password}
        label={t('password')}
        autoComplete="current-password"
        value={password}
        error={passwordError}
        onChange={(value) => {
          setPassword(value);
          if (passwordError) setPasswordError(null);
        }}
      />
      <div className="d-flex flex-column flex-sm-row gap-2">
        <button type="submit" className="btn btn-danger" disabled={deletion.isPending || deletion.isSuccess}>
          {deletion.isPending ? t('submitting') : t('submit')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={props.onBack}>
          {t('back')}
        </button>
      </div>
    </form>
  );
}
