/** An id as text: decimal digits, no sign, no leading zero, no spaces; one spelling per number. */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;
