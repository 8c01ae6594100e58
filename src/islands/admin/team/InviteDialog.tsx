import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ApiError } from '~/lib/api/client';
import { inviteMember } from '~/lib/api/team';
import type { InvitationSent } from '~/lib/team';
import {
  INVITATION_TTL_HOURS,
  inviteSchema,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  type InviteInput,
} from '~/lib/team';
import { teamKeys } from '~/islands/queries/team';
import { Dialog } from '~/islands/ui/Dialog';
import { TextField } from '~/islands/ui/Field';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';

const inviteTexts = { failed: 'Failed to send the invitation', network: 'Server error. Please try again.' } as const;

/** 'Invite a colleague': an e-mail address and a role; the server mails a link valid for 72 hours. */
export function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent: (sent: InvitationSent) => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput>({
    resolver: zodResolver(inviteSchema),
    mode: 'onTouched',
    defaultValues: { email: '', role: 'recruiter' },
  });

  const onSubmit = async (values: InviteInput) => {
    try {
      const sent = await inviteMember(values);
      showToast('success', sent.message);
      onSent(sent);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 409) setError('email', { message: error.message });
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'email' || field === 'role') setError(field, { message });
        }
      }
      notifyFailure(error, inviteTexts.failed, inviteTexts.network);
    }
  };

  return (
    <Dialog open onClose={onClose} title="Invite a colleague" maxHeightClass="max-h-[90vh]">
      <form
        aria-label="Invite a colleague"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="flex flex-col gap-5"
      >
        <TextField
          id="invite-email"
          label="E-mail address"
          required
          error={errors.email?.message}
          hint={`They get a link to choose their password; it works once, for ${INVITATION_TTL_HOURS} hours.`}
          input={{ ...register('email'), type: 'email', autoComplete: 'off', placeholder: 'colleague@example.com' }}
        />
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.role ? 'invite-role-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-100">Role</legend>
          {ROLES.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-white/10 p-3 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-400/10"
            >
              <input
                {...register('role')}
                type="radio"
                value={role}
                className="mt-1 h-4 w-4 accent-brand-400"
                aria-describedby={`invite-role-${role}`}
              />
              <span>
                <span className="block font-medium text-white">{ROLE_LABELS[role]}</span>
                <span id={`invite-role-${role}`} className="block text-sm text-slate-300">
                  {ROLE_DESCRIPTIONS[role]}
                </span>
              </span>
            </label>
          ))}
          {errors.role && (
            <p id="invite-role-error" className="text-sm text-rose-300">
              {errors.role.message}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send invitation'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
