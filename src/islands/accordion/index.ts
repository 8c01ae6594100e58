export { default as Accordion } from './Accordion';
export type { AccordionItem } from './types';
