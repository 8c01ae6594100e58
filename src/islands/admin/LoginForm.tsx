import { useEffect, useState } from 'react';
import { login } from '~/lib/api/auth';
import { ApiError, errorMessage } from '~/lib/api/client';
import { getToken, setToken, takeLoginEmail, takeAdminNotice } from '~/lib/api/session';
import type { LoginInput } from '~/lib/schemas/login';
import { TextField } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { useDomId } from '~/islands/ui/useDomId';
import { useHydrated } from '~/islands/ui/useHydrated';
import { ForgotPasswordPanel, ForgotPasswordToggle } from './ForgotPassword';
import { ResetOrLogin } from './ResetPassword';
import { CodeStep } from './account/CodeStep';
import { useLoginForm } from './useLoginForm';

const loginTexts = {
  failed: 'Login failed',
  network: 'Server error. Please try again later.',
} as const;

/** Admin login, with Remember me (30-day token) and Forgot password (an e-mailed link, or CLI help). */
function Form() {
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // The right password was given and two-factor sign-in is on: the code step, with what was typed.
  const [challenge, setChallenge] = useState<LoginInput | null>(null);
  const forgotPanelId = useDomId('forgot-password');

  useEffect(() => {
    // Already signed in: the dashboard checks the token and sends us back here if it is stale.
    if (getToken()) {
      window.location.replace('/admin');
      return;
    }
    // The notice lives in sessionStorage, which the server-rendered HTML cannot know: read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNotice(takeAdminNotice());
  }, []);

  const onSubmit = async (values: LoginInput) => {
    setFailure(null);
    try {
      const answer = await login(values);
      if ('twoFactorRequired' in answer) {
        setChallenge(values);
        throw new Error('two-factor code needed'); // leaves the form usable
      }
      setToken(answer.token);
      window.location.assign('/admin');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(errorMessage(error, loginTexts.failed, loginTexts.network));
      throw error; // leaves the form usable
    }
  };
  const { field, remember, errors, busy, submit, preload, prefill } = useLoginForm(onSubmit, (name) => `login-${name}`);
  useEffect(() => {
    // After a password was set from a mailed link, the form starts with that account's address.
    const email = takeLoginEmail();
    if (email) prefill(email);
    // Once, after hydration: prefill changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Until the script runs, a native submit would put the password in the URL: the controls wait.
  const hydrated = useHydrated();
  if (challenge) return <CodeStep credentials={challenge} onBack={() => setChallenge(null)} />;

  return (
    <>
      <form onSubmit={(event) => void submit(event)} onFocus={preload} noValidate aria-labelledby="admin-login-title">
        <fieldset disabled={!hydrated} aria-busy={!hydrated} className="flex min-w-0 flex-col gap-5">
          <legend className="sr-only">Email and password</legend>
          {notice && (
            <p
              role="status"
              className="rounded-xl border border-amber-300/40 bg-amber-950/60 px-4 py-3 text-sm text-amber-50"
            >
              {notice}
            </p>
          )}
          <TextField
            id="login-email"
            label="Email"
            required
            error={errors.email}
            input={{ ...field('email'), type: 'email', autoComplete: 'username' }}
          />
          <TextField
            id="login-password"
            label="Password"
            required
            error={errors.password}
            input={{ ...field('password'), type: 'password', autoComplete: 'current-password' }}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className="inline-flex items-center gap-2 text-sm text-slate-200">
              <input
                {...remember}
                type="checkbox"
                className="h-4 w-4 rounded border-white/30 bg-ink-900 accent-brand-400"
              />
              Remember me
              <span className="text-slate-400">(30 days)</span>
            </label>
            <ForgotPasswordToggle
              open={forgotOpen}
              onToggle={() => setForgotOpen((value) => !value)}
              panelId={forgotPanelId}
            />
          </div>
          {failure && <FormAlert>{failure}</FormAlert>}
          <button type="submit" className="btn btn-primary w-full py-3" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
        </fieldset>
      </form>
      {/* After the login form: the reset request is a form of its own, and forms cannot nest. */}
      <ForgotPasswordPanel id={forgotPanelId} open={forgotOpen} />
    </>
  );
}

export default function LoginForm() {
  return (
    <IslandRoot>
      <ResetOrLogin>
        <Form />
      </ResetOrLogin>
    </IslandRoot>
  );
}
