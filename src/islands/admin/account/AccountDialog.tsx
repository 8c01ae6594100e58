import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { disableTwoFactor } from '~/lib/api/team';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type SessionInfo } from '~/lib/team';
import { authKeys } from '~/islands/queries/auth';
import { teamKeys, twoFactorQuery } from '~/islands/queries/team';
import { Dialog } from '~/islands/ui/Dialog';
import { TextField } from '~/islands/ui/Field';
import { CurrentPasswordField } from './CurrentPasswordField';
import { DisplayNameForm } from './DisplayNameForm';
import { Spinner } from '~/islands/ui/Spinner';
import { showToast } from '~/islands/ui/toast-store';
import { TwoFactorSetup } from './TwoFactorSetup';
import { twoFactorMessages } from '~/lib/two-factor';
import { twoFactorErrors, useFocusOnError, type TwoFactorErrors } from './two-factor-form';

/** Turning two-factor sign-in off takes a current code (or a recovery code) and the current password. */
function TurnOff() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TwoFactorErrors>({});
  const [busy, setBusy] = useState(false);
  const inputs = useFocusOnError(errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button stays enabled and says what is missing, as the setup's buttons do.
    if (!password) return setErrors({ password: twoFactorMessages.passwordRequired });
    if (!code.trim()) return setErrors({ code: twoFactorMessages.codeRequired });
    setBusy(true);
    setErrors({});
    try {
      const { message } = await disableTwoFactor(code.trim(), password);
      showToast('success', message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    } catch (failure) {
      setErrors(twoFactorErrors(failure, 'Could not turn it off. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      {errors.form && (
        <p role="alert" className="text-sm text-rose-300">
          {errors.form}
        </p>
      )}
      <CurrentPasswordField
        id="two-factor-off-password"
        error={errors.password}
        inputRef={inputs.password}
        value={password}
        onChange={setPassword}
      />
      <TextField
        id="two-factor-off-code"
        label="Code from your app, or a recovery code"
        required
        error={errors.code}
        input={{
          ref: inputs.code,
          value: code,
          onChange: (event) => setCode(event.target.value),
          autoComplete: 'one-time-code',
        }}
      />
      <button type="submit" className="btn btn-secondary self-start" disabled={busy}>
        {busy ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </button>
    </form>
  );
}

/** 'Account': who is signed in, with which role, and their own two-factor sign-in. */
export function AccountDialog({ admin, onClose }: { admin: SessionInfo['admin']; onClose: () => void }) {
  const status = useQuery(twoFactorQuery());
  return (
    <Dialog open onClose={onClose} title="Your account" subtitle={admin.email} maxHeightClass="max-h-[90vh]">
      <div className="flex flex-col gap-6">
        <p className="text-sm text-slate-300">
          Role: <span className="font-medium text-white">{ROLE_LABELS[admin.role]}</span> ·{' '}
          {ROLE_DESCRIPTIONS[admin.role]}
        </p>
        <section aria-labelledby="display-name-heading" className="flex flex-col gap-3">
          <h3 id="display-name-heading" className="text-lg text-white">
            Name
          </h3>
          <DisplayNameForm current={admin.displayName} />
        </section>
        <section aria-labelledby="two-factor-heading" className="flex flex-col gap-3">
          <h3 id="two-factor-heading" className="text-lg text-white">
            Two-factor sign-in
          </h3>
          {status.isPending ? (
            <Spinner />
          ) : status.isError ? (
            <p role="alert" className="text-sm text-rose-300">
              Could not load your two-factor settings.
            </p>
          ) : status.data.enabled ? (
            <>
              <p className="text-sm text-slate-300">
                <span className="font-medium text-emerald-300">On.</span> {status.data.recoveryCodesLeft} recovery codes
                left.
              </p>
              {status.data.requiredByTeam ? (
                <p className="text-sm text-slate-400">Your team requires it, so it stays on.</p>
              ) : (
                <TurnOff />
              )}
            </>
          ) : (
            <TwoFactorSetup onDone={() => void status.refetch()} />
          )}
        </section>
      </div>
    </Dialog>
  );
}
