import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { confirmTwoFactor, startTwoFactor } from '~/lib/api/team';
import { groupKey, RECOVERY_CODE_COUNT, twoFactorMessages, type TwoFactorSetup as Setup } from '~/lib/two-factor';
import { authKeys } from '~/islands/queries/auth';
import { teamKeys } from '~/islands/queries/team';
import { TextField } from '~/islands/ui/Field';
import { site } from '~/site';
import { CurrentPasswordField } from './CurrentPasswordField';
import { QrCode } from './QrCode';
import { twoFactorErrors, useFocusOnError, type TwoFactorErrors } from './two-factor-form';

const setupTexts = {
  startFailed: 'Could not start the set-up. Please try again.',
  confirmFailed: 'Could not check the code. Please try again.',
} as const;

type Step = { kind: 'intro' } | { kind: 'scan'; setup: Setup } | { kind: 'codes'; codes: string[] };

/**
 * Setting up two-factor sign-in: the current password (a session alone may not change it), a new
 * key as a QR code and as text, confirmed with a code from the authenticator, then the ten
 * recovery codes, shown this once. The password stays in memory for the confirmation only.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'intro' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TwoFactorErrors>({});
  const [busy, setBusy] = useState(false);
  const inputs = useFocusOnError(errors);

  useEffect(() => {
    if (step.kind === 'scan') inputs.code.current?.focus();
  }, [step.kind, inputs.code]);

  // The buttons stay enabled and say what is missing: a disabled one gives no reason.
  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrors({ password: twoFactorMessages.passwordRequired });
    setBusy(true);
    setErrors({});
    try {
      setStep({ kind: 'scan', setup: await startTwoFactor(password) });
    } catch (failure) {
      setErrors(twoFactorErrors(failure, setupTexts.startFailed));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setErrors({ code: twoFactorMessages.codeRequired });
    setBusy(true);
    setErrors({});
    try {
      const enabled = await confirmTwoFactor(code.replace(/\s/g, ''), password);
      setPassword('');
      setStep({ kind: 'codes', codes: enabled.recoveryCodes });
    } catch (failure) {
      const found = twoFactorErrors(failure, setupTexts.confirmFailed);
      setErrors(found.password ? { form: found.password } : found);
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.all }),
    ]);
    onDone();
  };

  const formError = errors.form && (
    <p role="alert" className="text-sm text-rose-300">
      {errors.form}
    </p>
  );

  if (step.kind === 'intro') {
    return (
      <form className="flex flex-col gap-4" onSubmit={(event) => void start(event)} noValidate>
        <p className="text-sm text-slate-300">
          After your password, sign-in will ask for a six-digit code from an authenticator app on your phone (Google
          Authenticator, Microsoft Authenticator, 1Password, Aegis and the like). A stolen password alone is then not
          enough to read applicants.
        </p>
        {formError}
        <CurrentPasswordField
          id="two-factor-setup-password"
          error={errors.password}
          inputRef={inputs.password}
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {busy ? 'Starting...' : 'Set up two-factor sign-in'}
        </button>
      </form>
    );
  }

  if (step.kind === 'scan') {
    return (
      <form className="flex flex-col gap-5" onSubmit={(event) => void confirm(event)} noValidate>
        <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-slate-200">
          <li>
            Scan this code with your authenticator app.
            <div className="mt-3">
              <QrCode value={step.setup.uri} label="QR code with your two-factor key for an authenticator app" />
            </div>
          </li>
          <li>
            Or, on the phone itself, enter this key by hand:
            <code
              className="mt-2 block break-words rounded-lg bg-ink-900 px-3 py-2 font-mono text-base tracking-wider text-white"
              aria-label={`Key: ${step.setup.secret.split('').join(' ')}`}
            >
              {groupKey(step.setup.secret)}
            </code>
          </li>
          <li>Type the six-digit code the app shows now.</li>
        </ol>
        {formError}
        <TextField
          id="two-factor-setup-code"
          label="Six-digit code"
          required
          error={errors.code}
          input={{
            ref: inputs.code,
            value: code,
            onChange: (event) => setCode(event.target.value),
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 8,
          }}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {busy ? 'Checking...' : 'Turn on'}
        </button>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="font-medium text-emerald-300">
        Two-factor sign-in is on.
      </p>
      <p className="text-sm text-slate-300">
        Keep these {RECOVERY_CODE_COUNT} recovery codes somewhere safe, away from your phone. Each works once instead of
        a code if you lose the phone. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-ink-900 p-4 font-mono text-base text-white sm:grid-cols-3"
      >
        {step.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyCodesButton codes={step.codes} />
        <a
          className="btn btn-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(step.codes))}`}
          download="edgecraft-recovery-codes.txt"
        >
          Download codes
        </a>
        <button type="button" className="btn btn-primary" onClick={() => void finish()}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** The downloaded file: what the codes are for, then one a line. */
function recoveryCodesFile(codes: readonly string[]): string {
  return `Two-factor recovery codes for the ${site.name} admin. Each works once instead of a code.\n\n${codes.join('\n')}\n`;
}

/** Copies the recovery codes, one a line, and says whether that worked, on the button and to screen readers. */
function CopyCodesButton({ codes }: { codes: readonly string[] }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(codes.join('\n'));
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy codes'}
      </button>
      <p role="status" className="self-center text-sm text-slate-300">
        {state === 'copied' && 'Copied: paste them into your password manager.'}
        {state === 'failed' && 'Could not copy here: select the codes above and copy them yourself.'}
      </p>
    </>
  );
}
