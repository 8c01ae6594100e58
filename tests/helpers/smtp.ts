/**
 * The capturing SMTP server. It lives in support/, since a bench uses it too and scripts/ and
 * tests/ do not import each other; tests import it here.
 */
export * from '../../support/smtp';
