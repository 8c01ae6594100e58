import { useEffect, useRef, useState, type FormEvent } from 'react';
import { login } from '~/lib/api/auth';
import { errorMessage } from '~/lib/api/client';
import { setToken } from '~/lib/api/session';
import type { LoginInput } from '~/lib/schemas';
import { TextField } from '~/islands/ui/Field';

const codeTexts = {
  failed: 'Sign-in failed',
  network: 'Server error. Please try again later.',
  required: 'Enter the six-digit code from your authenticator app',
} as const;

/**
 * The second step of signing in with two-factor sign-in on: the six-digit code from the
 * authenticator app, or one of the recovery codes. The password stays in memory only.
 */
export function CodeStep({ credentials, onBack }: { credentials: LoginInput; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [recovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = recovery ? code.trim() : code.replace(/\s/g, '');
    if (!value) {
      setError(codeTexts.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await login({ ...credentials, code: value });
      if ('token' in answer) {
        setToken(answer.token);
        window.location.assign('/admin');
        return;
      }
      setError(codeTexts.required);
    } catch (failure) {
      setError(errorMessage(failure, codeTexts.failed, codeTexts.network));
      setCode('');
    }
    setBusy(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="two-factor-step-title">
      <fieldset className="flex min-w-0 flex-col gap-5">
        <div>
          <h2 id="two-factor-step-title" className="text-xl text-white">
            Two-factor sign-in
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            {recovery
              ? 'Enter one of your recovery codes. Each works once.'
              : 'Enter the six-digit code your authenticator app shows for this site.'}
          </p>
        </div>
        <TextField
          id="login-code"
          label={recovery ? 'Recovery code' : 'Six-digit code'}
          required
          error={error ?? undefined}
          input={{
            ref: input,
            value: code,
            onChange: (event) => setCode(event.target.value),
            autoComplete: 'one-time-code',
            inputMode: recovery ? 'text' : 'numeric',
            maxLength: recovery ? 32 : 8,
          }}
        />
        <button type="submit" className="btn btn-primary w-full py-3" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
        <div className="flex flex-wrap justify-between gap-3 text-sm">
          <button
            type="button"
            className="text-brand-200 underline underline-offset-4 hover:text-white"
            onClick={() => {
              setRecovery((value) => !value);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use a code from the app' : 'Use a recovery code'}
          </button>
          <button
            type="button"
            className="text-slate-300 underline underline-offset-4 hover:text-white"
            onClick={onBack}
          >
            Back
          </button>
        </div>
      </fieldset>
    </form>
  );
}
