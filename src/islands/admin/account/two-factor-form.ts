import { useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '~/lib/api/client';

/** Where a failed two-factor request puts its message: under the password, under the code, or above the form. */
export type TwoFactorErrors = { password?: string; code?: string; form?: string };

export function twoFactorErrors(failure: unknown, fallback: string): TwoFactorErrors {
  const fields = failure instanceof ApiError ? failure.errors : {};
  if (fields['password']) return { password: fields['password'] };
  if (fields['code']) return { code: fields['code'] };
  return { form: errorMessage(failure, fallback) };
}

/** Refs for the password and code inputs; after a failure, the input the message is about gets the focus. */
export function useFocusOnError(errors: TwoFactorErrors) {
  const password = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (errors.password) password.current?.focus();
    else if (errors.code) code.current?.focus();
  }, [errors]);
  return { password, code };
}
