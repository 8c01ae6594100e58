import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';

export const inputClass =
  'block w-full rounded-xl border border-white/15 bg-ink-900 px-4 py-3 text-white placeholder:text-slate-400 focus:border-brand-300 focus:outline-none focus:ring-2 focus:ring-brand-300/40 aria-[invalid=true]:border-rose-400';

/** The attributes that tie an input to its label, hint and error message. */
export function fieldAria(id: string, error: string | undefined, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

type Props = {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** Label, control, optional hint and error message: the one field layout every form uses. */
export function Field({ id, label, required = false, error, hint, className, children }: Props) {
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-100">
        {label}
        {required && (
          <span className="text-rose-300" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<Props, 'children'> & {
  /** The input's own attributes: what react-hook-form's `register(name)` returns, type, autoComplete… */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
};

/** A Field around a one-line input that is wired to its label, hint and error. */
export function TextField({ input, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      <input
        type="text"
        {...input}
        {...fieldAria(field.id, field.error, field.hint !== undefined)}
        required={field.required}
        className={inputClass}
      />
    </Field>
  );
}
