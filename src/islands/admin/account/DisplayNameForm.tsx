import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '~/lib/api/client';
import { saveDisplayName } from '~/lib/api/team';
import { DISPLAY_NAME_MAX } from '~/lib/limits';
import { displayNameSchema } from '~/lib/team';
import { authKeys } from '~/islands/queries/auth';
import { teamKeys } from '~/islands/queries/team';
import { TextField } from '~/islands/ui/Field';
import { showToast } from '~/islands/ui/toast-store';

/** The name a member goes by in invitations, notes and the team list; checked as the server checks it. */
export function DisplayNameForm({ current }: { current: string | null }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { message, displayName } = await saveDisplayName(parsed.data);
      setName(displayName);
      showToast('success', message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ]);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save your name. Please try again.'));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id="account-display-name"
        label="Your name"
        required
        error={error ?? undefined}
        hint="As colleagues and candidates see it: in interview invitations, notes and the team list."
        input={{
          ref: input,
          value: name,
          onChange: (event) => setName(event.target.value),
          autoComplete: 'name',
          maxLength: DISPLAY_NAME_MAX,
        }}
      />
      <button type="submit" className="btn btn-secondary self-start" disabled={busy}>
        {busy ? 'Saving...' : 'Save name'}
      </button>
    </form>
  );
}
