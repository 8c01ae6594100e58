import { lazy, Suspense } from 'react';
import { resetAvailability } from '~/lib/api/password-reset';
import { ADMIN_PASSWORD_MIN } from '~/lib/limits';
import { useRequest } from '~/islands/ui/useRequest';
import { forgotTexts, panelClass } from './forgot-texts';

// Its form code (react-hook-form, zod) loads only once a visitor asks for a reset link.
const ForgotByEmail = lazy(() => import('./ForgotByEmail').then((module) => ({ default: module.ForgotByEmail })));

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
  // Asked when the panel opens; the answer stays while it is closed and opened again.
  const availability = useRequest(resetAvailability, open);
  return (
    <div id={id} hidden={!open} className="mt-5">
      {open &&
        (availability.status === 'pending' ? (
          <p role="status" className={panelClass}>
            {forgotTexts.checking}
          </p>
        ) : availability.data?.byEmail ? (
          <Suspense
            fallback={
              <p role="status" className={panelClass}>
                {forgotTexts.checking}
              </p>
            }
          >
            <ForgotByEmail />
          </Suspense>
        ) : (
          <CliInstructions />
        ))}
    </div>
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
