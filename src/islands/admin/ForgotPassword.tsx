import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '~/lib/api/client';
import { requestPasswordReset } from '~/lib/api/password-reset';
import { resetAvailabilityQuery } from '~/islands/queries/password-reset';
import { ADMIN_PASSWORD_MIN } from '~/lib/limits';
import { forgotPasswordSchema, type ForgotPasswordInput } from '~/lib/schemas';
import { TextField } from '~/islands/ui/Field';

const forgotTexts = {
  checking: 'Checking how passwords are reset here...',
  intro: 'Enter the e-mail address of your admin account. We will send a link to choose a new password.',
  failed: 'Failed to send the reset link. Try again later.',
  network: 'Server error. Please try again later.',
} as const;

const panelClass = 'w-full rounded-xl border border-white/10 bg-ink-900 p-4 text-sm text-slate-300';

type ToggleProps = { open: boolean; onToggle: () => void; panelId: string };

/** 'Forgot password?' (inside the login form); opens the panel rendered after the form. */
export function ForgotPasswordToggle({ open, onToggle, panelId }: ToggleProps) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className="text-sm font-medium text-brand-300 underline-offset-4 hover:text-brand-200 hover:underline"
    >
      Forgot password?
    </button>
  );
}

/**
 * With e-mail configured on the server, the panel asks for the address and always gives the same
 * neutral answer; without it, it explains the admin CLI reset on the server.
 */
export function ForgotPasswordPanel({ id, open }: { id: string; open: boolean }) {
  const availability = useQuery({ ...resetAvailabilityQuery(), enabled: open });
  return (
    <div id={id} hidden={!open} className="mt-5">
      {open &&
        (availability.isPending ? (
          <p role="status" className={panelClass}>
            {forgotTexts.checking}
          </p>
        ) : availability.data?.byEmail ? (
          <ForgotByEmail />
        ) : (
          <CliInstructions />
        ))}
    </div>
  );
}

function ForgotByEmail() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const onSubmit = async (values: ForgotPasswordInput) => {
    setFailure(null);
    try {
      setSent((await requestPasswordReset(values)).message);
    } catch (error) {
      setFailure(errorMessage(error, forgotTexts.failed, forgotTexts.network));
    }
  };

  if (sent) {
    return (
      <p role="status" className={panelClass}>
        {sent}
      </p>
    );
  }
  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-labelledby="forgot-title"
      className={`${panelClass} flex flex-col gap-4`}
    >
      <div>
        <h2 id="forgot-title" className="text-base font-semibold text-white">
          Reset your password by e-mail
        </h2>
        <p className="mt-1">{forgotTexts.intro}</p>
      </div>
      <TextField
        id="forgot-email"
        label="Your admin e-mail"
        required
        error={errors.email?.message}
        input={{ ...register('email'), type: 'email', autoComplete: 'username' }}
      />
      {failure && (
        <p role="alert" className="rounded-xl border border-rose-400/40 bg-rose-950/60 px-4 py-3 text-rose-50">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-secondary w-full py-2.5" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}

/** Today's way without e-mail: another admin (or whoever runs the server) uses the admin CLI. */
function CliInstructions() {
  return (
    <div className={panelClass}>
      <p className="font-semibold text-white">Passwords are reset on the server, not by e-mail.</p>
      <p className="mt-2">Ask another administrator (or whoever runs the server) to run, in the site&apos;s folder:</p>
      <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-black/40 p-3 font-mono text-xs text-brand-100 light:bg-ink-850">
        <code>npm run admin -- reset-password you@example.com</code>
      </pre>
      <p className="mt-2">
        It asks for the new password (at least {ADMIN_PASSWORD_MIN} characters) and signs out every session of that
        account. Then sign in here with the new password.
      </p>
    </div>
  );
}
