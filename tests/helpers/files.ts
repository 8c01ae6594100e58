/**
 * Real file bytes for the upload tests. They live in support/, since a bench uses them too and
 * scripts/ and tests/ do not import each other; tests import them here.
 */
export * from '../../support/files';
