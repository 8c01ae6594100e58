/** One accordion item: a title (the button label) and a body of one or more paragraphs, optionally a bullet list. */
export type AccordionItem = {
  /** Button text; also the accessible name of the panel region. */
  title: string;
  /** Panel text. Paragraphs are separated by a blank line. */
  body: string;
  /** Optional bullet points shown after the body. */
  points?: readonly string[];
};
