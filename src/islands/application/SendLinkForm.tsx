import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '~/lib/api/client';
import { requestApplicationLinks } from '~/lib/api/applications';
import { applicationLinkSchema, type ApplicationLinkInput } from '~/lib/schemas/application-link';
import { applicationPageMessages as m } from '~/lib/schemas/application-page';
import { TextField } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';
import { useHydrated } from '~/islands/ui/useHydrated';

const panel = 'rounded-2xl border border-white/10 bg-ink-800/60 p-5 text-sm leading-6 text-slate-200 sm:p-6';

/** "Send me my link": the same neutral answer whether or not the address has applied. */
export function SendLinkForm() {
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationLinkInput>({
    resolver: zodResolver(applicationLinkSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const onSubmit = async (values: ApplicationLinkInput) => {
    setFailure(null);
    try {
      setSent((await requestApplicationLinks(values)).message);
    } catch (error) {
      setFailure(errorMessage(error, m.actionFailed));
    }
  };

  if (sent) {
    return (
      <p role="status" className={panel}>
        {sent}
      </p>
    );
  }
  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-labelledby="send-link-title"
      className={`${panel} flex flex-col gap-4`}
    >
      <div>
        <h2 id="send-link-title" className="text-base font-semibold text-white">
          Send me my link
        </h2>
        <p className="mt-1">
          We mail a fresh link for every application sent from this address. It replaces the links you have, which stop
          working.
        </p>
      </div>
      <TextField
        id="send-link-email"
        label="The e-mail address you applied with"
        required
        error={errors.email?.message}
        input={{ ...register('email'), type: 'email', autoComplete: 'email' }}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn btn-secondary self-start" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send me my link'}
      </button>
    </form>
  );
}
