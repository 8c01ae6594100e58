import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LoginInput } from '~/lib/schemas/login';
import type { LoginCheck } from './login-validation';

type TextName = 'email' | 'password';
const TEXT_NAMES: readonly TextName[] = ['email', 'password'];
/** The schema's code (zod) loads on the first focus or check, not with the page. */
const loadCheck = () => import('./login-validation').then((module) => module.checkLogin);

/**
 * The login form's state, checked as react-hook-form's onTouched mode does (on blur, on every
 * change once touched, all fields on submit; focus to the first wrong one), without its 14 KB.
 * `onValid` gets the parsed values; it throws to leave the form usable again.
 */
export function useLoginForm(onValid: (values: LoginInput) => Promise<void>, idOf: (name: TextName) => string) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<Partial<Record<TextName, string>>>({});
  const [busy, setBusy] = useState(false);
  const latest = useRef(values);
  const touched = useRef(new Set<TextName>());

  const update = (next: LoginInput) => {
    latest.current = next;
    setValues(next);
  };
  const check = async (names: readonly TextName[]): Promise<LoginCheck> => {
    const checked = latest.current;
    const result = (await loadCheck())(checked);
    // A newer change has its own check on the way.
    if (checked !== latest.current) return result;
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) {
        const message = 'errors' in result ? result.errors[name] : undefined;
        if (message) next[name] = message;
        else delete next[name];
      }
      return next;
    });
    return result;
  };

  const field = (name: TextName) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      update({ ...latest.current, [name]: event.target.value });
      if (touched.current.has(name)) void check([name]);
    },
    onBlur: () => {
      touched.current.add(name);
      void check([name]);
    },
  });
  const remember = {
    name: 'remember',
    checked: values.remember ?? false,
    onChange: (event: ChangeEvent<HTMLInputElement>) => update({ ...latest.current, remember: event.target.checked }),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    TEXT_NAMES.forEach((name) => touched.current.add(name));
    try {
      const result = await check(TEXT_NAMES);
      if ('errors' in result) {
        const first = TEXT_NAMES.find((name) => result.errors[name]);
        if (first) document.getElementById(idOf(first))?.focus();
        setBusy(false);
        return;
      }
      // Success leaves the page: the button stays busy until it has gone.
      await onValid(result.data);
    } catch {
      setBusy(false);
    }
  };

  const preload = () => void loadCheck().catch(() => undefined);
  /** Starts the form with an address (the account whose password was just set from a link). */
  const prefill = (email: string) => update({ ...latest.current, email });

  return { field, remember, errors, busy, submit, preload, prefill };
}
