import { zodResolver } from '@hookform/resolvers/zod';
import { use, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '~/lib/api/client';
import { lookupInvitation, resetPassword } from '~/lib/api/password-reset';
import { clearToken, leaveLoginEmail, leaveAdminNotice, setToken } from '~/lib/api/session';
import {
  invitationFormSchema,
  passwordResetMessages,
  resetFormSchema,
  type ResetFormInput,
} from '~/lib/schemas/password-reset';
import { ADMIN_PASSWORD_MIN, DISPLAY_NAME_MAX } from '~/lib/limits';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type InvitationInfo } from '~/lib/team';
import { TextField } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';

const resetTexts = {
  failed: 'Failed to change the password. Try again later.',
  network: 'Server error. Please try again later.',
  keepOpen: 'Set it on this page: if you reload or leave it, open the link from the e-mail again.',
} as const;

/** Whether a token is an open invitation, asked once per token (the page's Suspense waits for it). */
const invitations = new Map<string, Promise<InvitationInfo | null>>();
function invitationOf(token: string): Promise<InvitationInfo | null> {
  let lookup = invitations.get(token);
  if (!lookup) {
    lookup = lookupInvitation(token).catch(() => null);
    invitations.set(token, lookup);
  }
  return lookup;
}

/**
 * The new password, typed twice, for the token of a mailed link; then back to the login form with
 * the address filled in. An invitation link is greeted with its role and inviter, asks the
 * newcomer's name, and signs them in.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const invitation = use(invitationOf(token));
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ResetFormInput>({
    resolver: zodResolver(invitation ? invitationFormSchema : resetFormSchema),
    defaultValues: { password: '', confirm: '', ...(invitation ? { displayName: '' } : {}) },
    mode: 'onTouched',
  });

  // The form replaces the login form after hydration: move focus to it so it is announced.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async ({ password, displayName }: ResetFormInput) => {
    setFailure(null);
    try {
      const answer = await resetPassword({ token, password, ...(displayName ? { displayName } : {}) });
      // An accepted invitation comes with the newcomer's session: straight into the admin area.
      if (answer.token) {
        setToken(answer.token);
        leaveAdminNotice(answer.message);
        window.location.replace('/admin');
        return;
      }
      // Every session signed before the reset is void: drop ours and sign in again.
      clearToken();
      leaveAdminNotice(answer.message);
      if (answer.email) leaveLoginEmail(answer.email);
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
        {invitation ? 'Welcome to the hiring team' : 'Choose a new password'}
      </h2>
      {invitation && (
        <p className="text-sm text-slate-200">
          {invitation.invitedBy} invited you as {ROLE_LABELS[invitation.role].toLowerCase()}:{' '}
          {ROLE_DESCRIPTIONS[invitation.role].toLowerCase()}. Choose your password to join.
        </p>
      )}
      <p className="text-sm text-slate-300">{resetTexts.keepOpen}</p>
      {invitation && (
        <TextField
          id="reset-display-name"
          label="Your name"
          required
          error={errors.displayName?.message}
          hint="As colleagues and candidates will see it: in interview invitations, notes and the team list."
          input={{ ...register('displayName'), autoComplete: 'name', maxLength: DISPLAY_NAME_MAX }}
        />
      )}
      <TextField
        id="reset-password"
        label={invitation ? 'Your password' : 'New password'}
        required
        error={errors.password?.message}
        hint={
          invitation
            ? `At least ${ADMIN_PASSWORD_MIN} characters.`
            : `At least ${ADMIN_PASSWORD_MIN} characters. Every session of this account is signed out.`
        }
        input={{ ...register('password'), type: 'password', autoComplete: 'new-password' }}
      />
      <TextField
        id="reset-confirm"
        label={invitation ? 'Repeat your password' : 'Repeat the new password'}
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
        {busy ? 'Saving...' : invitation ? 'Set password and join' : 'Set new password'}
      </button>
    </form>
  );
}
