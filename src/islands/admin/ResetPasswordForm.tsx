import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '~/lib/api/client';
import { resetPassword } from '~/lib/api/password-reset';
import { clearToken, leaveLoginNotice } from '~/lib/api/session';
import { ADMIN_PASSWORD_MIN } from '~/lib/limits';
import { passwordResetMessages, resetFormSchema, type ResetFormInput } from '~/lib/schemas/password-reset';
import { TextField } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';

const resetTexts = {
  failed: 'Failed to change the password. Try again later.',
  network: 'Server error. Please try again later.',
  keepOpen: 'Set it on this page: if you reload or leave it, open the link from the e-mail again.',
} as const;

/** The new password, typed twice, for the token of a mailed reset link; then back to the login form. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ResetFormInput>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
  });

  // The form replaces the login form after hydration: move focus to it so it is announced.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async ({ password }: ResetFormInput) => {
    setFailure(null);
    try {
      const { message } = await resetPassword({ token, password });
      // Every session signed before the reset is void: drop ours and sign in again.
      clearToken();
      leaveLoginNotice(message);
      window.location.replace('/adminlogin');
    } catch (error) {
      setFailure(errorMessage(error, resetTexts.failed, resetTexts.network));
      throw error; // keeps isSubmitSuccessful false
    }
  };
  const busy = isSubmitting || isSubmitSuccessful;

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
      noValidate
      aria-labelledby="reset-title"
      className="flex flex-col gap-5"
    >
      <h2 id="reset-title" ref={heading} tabIndex={-1} className="text-xl text-white focus:outline-none">
        Choose a new password
      </h2>
      <p className="text-sm text-slate-300">{resetTexts.keepOpen}</p>
      <TextField
        id="reset-password"
        label="New password"
        required
        error={errors.password?.message}
        hint={`At least ${ADMIN_PASSWORD_MIN} characters. Every session of this account is signed out.`}
        input={{ ...register('password'), type: 'password', autoComplete: 'new-password' }}
      />
      <TextField
        id="reset-confirm"
        label="Repeat the new password"
        required
        error={errors.confirm?.message}
        input={{ ...register('confirm'), type: 'password', autoComplete: 'new-password' }}
      />
      {failure && (
        <FormAlert>
          <p>{failure}</p>
          {failure === passwordResetMessages.invalidLink && (
            <p className="mt-2">
              <a href="/adminlogin" className="font-semibold underline">
                Ask for a new link
              </a>{' '}
              with &lsquo;Forgot password?&rsquo; on the login page.
            </p>
          )}
        </FormAlert>
      )}
      <button type="submit" className="btn btn-primary w-full py-3" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  );
}
