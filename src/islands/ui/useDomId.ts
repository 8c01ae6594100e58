import { useId } from 'react';

/** `useId()` behind a name: React's ids start with an underscore, and an id should start with a letter (valid in CSS selectors). */
export const useDomId = (name: string): string => `${name}${useId()}`;
