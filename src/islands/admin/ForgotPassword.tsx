import { useId, useState } from 'react';
import { ADMIN_PASSWORD_MIN } from '~/lib/limits';

/**
 * DESIGN: 'Forgot password?' explains, in the page, how another admin resets a password with the
 * admin CLI on the server. No e-mail is sent: the site has no mail channel for admins.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="text-sm font-medium text-brand-300 underline-offset-4 hover:text-brand-200 hover:underline"
      >
        Forgot password?
      </button>
      <div id={panelId} hidden={!open} className="w-full rounded-xl border border-white/10 bg-ink-900 p-4 text-sm text-slate-300">
        <p className="font-semibold text-white">Passwords are reset on the server, not by e-mail.</p>
        <p className="mt-2">Ask another administrator (or whoever runs the server) to run, in the site&apos;s folder:</p>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-black/40 p-3 font-mono text-xs text-brand-100">
          <code>npm run admin -- reset-password you@example.com</code>
        </pre>
        <p className="mt-2">
          It asks for the new password (at least {ADMIN_PASSWORD_MIN} characters) and signs out every session of that account. Then sign in here with the
          new password.
        </p>
      </div>
    </>
  );
}
