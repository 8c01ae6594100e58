/**
 * The API test harness (a fresh database per call, the real createApp()). It lives in support/,
 * since a bench uses it too and scripts/ and tests/ do not import each other; tests import it here.
 */
export * from '../../support/api';
