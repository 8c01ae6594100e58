import type { Ref } from 'react';
import { TextField } from '~/islands/ui/Field';

type Props = {
  id: string;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
};

/** The current password that turning two-factor sign-in on or off asks for. */
export function CurrentPasswordField({ id, error, inputRef, value, onChange }: Props) {
  return (
    <TextField
      id={id}
      label="Your current password"
      required
      error={error}
      input={{
        type: 'password',
        autoComplete: 'current-password',
        ref: inputRef,
        value,
        onChange: (event) => onChange(event.target.value),
      }}
    />
  );
}
