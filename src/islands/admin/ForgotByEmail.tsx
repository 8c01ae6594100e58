import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '~/lib/api/client';
import { requestPasswordReset } from '~/lib/api/password-reset';
import { forgotPasswordSchema, type ForgotPasswordInput } from '~/lib/schemas/password-reset';
import { TextField } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';
import { forgotTexts, panelClass } from './forgot-texts';

/** The reset request by e-mail: always the same neutral answer, whether or not the address has an account. */
export function ForgotByEmail() {
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
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn btn-secondary w-full py-2.5" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
