import { useEffect, useRef } from 'react';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '~/lib/spam';

/**
 * The browser half of the spam rule (src/lib/spam.ts): `trap` is a honeypot input to render inside
 * the form, invisible and unreachable for people (off screen, aria-hidden, out of the tab order);
 * `fields()` returns what to send with the submission: the honeypot's value and how long the form
 * has been on screen. A form that takes input before its script runs counts from the page's load
 * (`fromPageLoad`), so what a visitor typed before hydration counts too.
 */
export function useSpamTrap({ fromPageLoad = false }: { fromPageLoad?: boolean } = {}) {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const shownAt = useRef(0);
  useEffect(() => {
    if (!fromPageLoad) shownAt.current = performance.now();
  }, [fromPageLoad]);

  const trap = (
    <div aria-hidden="true" className="sr-only">
      <label>
        Leave this field empty
        <input ref={honeypotRef} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );

  const fields = () => ({
    [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
    [FILL_TIME_FIELD]: Math.round(performance.now() - shownAt.current),
  });

  return { trap, fields };
}
