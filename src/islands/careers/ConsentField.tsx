import type { UseFormRegisterReturn } from 'react-hook-form';
import { consentMessages, PRIVACY_PATH } from '~/lib/privacy';
import { fieldAria } from '~/islands/ui/Field';

type Props = {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'consent'>;
  /** A general application agrees to be assessed for a field, not for one role. */
  general: boolean;
};

/** The required consent checkbox of the application form, with the privacy notice linked beside it. */
export function ConsentField({ id, error, registration, general }: Props) {
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <div className="flex items-start gap-3">
        <input
          {...registration}
          {...fieldAria(id, error)}
          type="checkbox"
          required
          aria-required="true"
          className="mt-1 h-5 w-5 shrink-0 cursor-pointer rounded border-white/30 bg-ink-900 accent-brand-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-6 text-slate-100">
          {general ? consentMessages.generalLabel : consentMessages.label}
          <span className="text-rose-300" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
      </div>
      <p className="pl-8 text-sm">
        <a href={PRIVACY_PATH} target="_blank" rel="noopener noreferrer" className="text-brand-300 underline">
          Read the privacy notice
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {error && (
        <p id={`${id}-error`} className="pl-8 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
