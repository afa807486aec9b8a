'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { PasskeyIcon } from '@/components/auth/passkey-login';
import { operatorApiError, operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import { giveOperatorPasskey } from '@/lib/api/operator-passkeys';
import { canUsePasskeys, ceremonyFailure } from '@/lib/api/passkeys';
import type { Operator } from '@/lib/shared/schemas/operators';

/**
 * The console's door: e-mail and password, then the authenticator app (set up on the first login)
 * or, for an operator who added one, a passkey.
 */
export function ConsoleLogin(props: { operator: Operator | null }) {
  const t = useTranslations('OperatorConsole.login');
  return (
    <main className="console-door" id="main">
      <div className="console-door-card">
        <div className="console-door-brand">
          <LogoMark size={36} />
          <span className="console-door-title">{t('title')}</span>
        </div>
        {props.operator?.secondFactor === 'enroll' ? (
          <EnrollStep operator={props.operator} />
        ) : props.operator?.secondFactor === 'verify' ? (
          <CodeStep operator={props.operator} />
        ) : (
          <PasswordStep />
        )}
      </div>
    </main>
  );
}

function FormError(props: { error: unknown }) {
  const t = useTranslations('OperatorConsole');
  if (!props.error) return null;
  const failure = operatorApiError(props.error);
  return (
    <div className="alert alert-danger py-2" role="alert">
      {failure?.message ?? t('networkError')}
    </div>
  );
}

function PasswordStep() {
  const t = useTranslations('OperatorConsole.login');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: async () => (await api.post<Operator>('session.php', { email, password })).data,
    onSuccess: (operator) => queryClient.setQueryData(operatorKeys.session, operator),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-h`}>
      <h1 className="h4 mb-3" id={`${id}-h`}>
        {t('heading')}
      </h1>
      <FormError error={login.error} />
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-email`}>
          {t('email')}
        </label>
        <input
          id={`${id}-email`}
          className="form-control"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-password`}>
          {t('password')}
        </label>
        <input
          id={`${id}-password`}
          className="form-control"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button className="btn btn-primary w-100" type="submit" disabled={login.isPending}>
        {t('submit')}
      </button>
    </form>
  );
}

/** Six digits of the authenticator app; opens the console when right. */
function CodeForm(props: { label: string; submit: string; isSecondary?: boolean }) {
  const t = useTranslations('OperatorConsole.login');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: async () => (await api.post<Operator>('second-factor.php', { code })).data,
    onSuccess: (operator) => queryClient.setQueryData(operatorKeys.session, operator),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };
  return (
    <form onSubmit={onSubmit}>
      <FormError error={verify.error} />
      <label className="form-label" htmlFor={`${id}-code`}>
        {props.label}
      </label>
      <input
        id={`${id}-code`}
        className="form-control form-control-lg console-code-input mb-3"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        // With a passkey offered, the passkey button takes the focus first.
        autoFocus={!props.isSecondary}
        aria-describedby={`${id}-hint`}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <p className="form-text mt-n2 mb-3" id={`${id}-hint`}>
        {t('codeHint')}
      </p>
      <button
        className={`btn ${props.isSecondary ? 'btn-outline-secondary' : 'btn-primary'} w-100`}
        type="submit"
        disabled={verify.isPending}
      >
        {props.submit}
      </button>
    </form>
  );
}

function CodeStep(props: { operator: Operator }) {
  const t = useTranslations('OperatorConsole.login');
  const [canPasskey, setCanPasskey] = useState(false);
  useEffect(() => {
    if (props.operator.hasPasskey) void canUsePasskeys().then(setCanPasskey);
  }, [props.operator.hasPasskey]);
  return (
    <>
      <h1 className="h4 mb-1">{t('codeHeading')}</h1>
      <p className="text-body-secondary mb-3">
        {canPasskey
          ? t('codeIntroPasskey', { name: props.operator.name })
          : t('codeIntro', { name: props.operator.name })}
      </p>
      {canPasskey ? (
        <>
          <PasskeyStep />
          <div className="login-divider" aria-hidden="true">
            <span>{t('or')}</span>
          </div>
        </>
      ) : null}
      <CodeForm label={t('code')} submit={t('codeSubmit')} isSecondary={canPasskey} />
      <LogOutLink />
    </>
  );
}

/** The operator's passkey instead of the code: the browser offers the passkeys they added. */
function PasskeyStep() {
  const t = useTranslations('OperatorConsole.login');
  const tConsole = useTranslations('OperatorConsole');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const give = useMutation({
    mutationFn: () => giveOperatorPasskey(api),
    onSuccess: (operator) => queryClient.setQueryData(operatorKeys.session, operator),
    onError: (error) => {
      const browser = ceremonyFailure(error);
      if (browser === 'aborted') return;
      if (browser === 'cancelled') return setFailure(t('passkeyCancelled'));
      if (browser) return setFailure(t('passkeyFailed'));
      setFailure(operatorApiError(error)?.message ?? tConsole('networkError'));
    },
  });
  return (
    <div className="mb-3">
      {failure ? (
        <div className="alert alert-danger py-2" role="alert">
          {failure}
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn-primary w-100 d-inline-flex align-items-center justify-content-center gap-2"
        autoFocus
        disabled={give.isPending}
        onClick={() => {
          setFailure(null);
          give.mutate();
        }}
      >
        <PasskeyIcon size={20} />
        {give.isPending ? t('passkeyWorking') : t('passkeyButton')}
      </button>
    </div>
  );
}

function EnrollStep(props: { operator: Operator }) {
  const t = useTranslations('OperatorConsole.login');
  const api = useOperatorApi();
  const enrollment = useQuery({
    queryKey: ['operator', 'enrollment', props.operator.id],
    queryFn: async () =>
      (await api.get<{ uri: string; secret: string; qrSvg: string }>('second-factor.php')).data,
    staleTime: Infinity,
  });
  const secret = enrollment.data?.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <>
      <h1 className="h4 mb-1">{t('enrollHeading')}</h1>
      <p className="text-body-secondary">{t('enrollIntro')}</p>
      <FormError error={enrollment.error} />
      <div className="console-enroll">
        {enrollment.data ? (
          // eslint-disable-next-line @next/next/no-img-element -- an SVG made for this operator, as a data address
          <img
            className="console-enroll-qr"
            src={`data:image/svg+xml;base64,${btoa(enrollment.data.qrSvg)}`}
            width={168}
            height={168}
            alt={t('qrAlt')}
          />
        ) : (
          <div className="console-enroll-qr placeholder-glow" aria-hidden="true" />
        )}
        <div className="small">
          <p className="mb-1">{t('enrollManual')}</p>
          <code className="console-secret" aria-label={t('secret')}>
            {secret ?? '…'}
          </code>
        </div>
      </div>
      <CodeForm label={t('enrollCode')} submit={t('enrollSubmit')} />
      <LogOutLink />
    </>
  );
}

function LogOutLink() {
  const t = useTranslations('OperatorConsole');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      className="btn btn-link w-100 mt-2"
      onClick={() =>
        void api.delete('session.php').finally(() => queryClient.setQueryData(operatorKeys.session, null))
      }
    >
      {t('logOut')}
    </button>
  );
}
