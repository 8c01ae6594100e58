import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * docs/ARCHITECTURE.md, "Folders, and what each may import", as rules. The first pattern that
 * matches a file gives its type, so the narrower folders come first.
 */
const elements = [
  { type: 'content-components', pattern: 'src/components/content' },
  { type: 'components', pattern: 'src/components' },
  { type: 'pages', pattern: 'src/pages' },
  { type: 'layouts', pattern: 'src/layouts' },
  { type: 'islands/ui', pattern: 'src/islands/ui' },
  { type: 'islands/queries', pattern: 'src/islands/queries' },
  { type: 'islands', pattern: 'src/islands/*', capture: ['island'] },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'content-config', pattern: 'src/content' },
  { type: 'styles', pattern: 'src/styles' },
  { type: 'integrations', pattern: 'src/integrations' },
  { type: 'server/cli', pattern: 'src/server/cli' },
  // One element per feature folder, so a feature importing another is an import between elements.
  { type: 'server/features', pattern: 'src/server/features/*', capture: ['feature'] },
  { type: 'server/services', pattern: 'src/server/services' },
  { type: 'server/middleware', pattern: 'src/server/middleware' },
  { type: 'server/db/migrations', pattern: 'src/server/db/migrations' },
  { type: 'server/db', pattern: 'src/server/db' },
  { type: 'server/mail', pattern: 'src/server/mail' },
  { type: 'server/retention', pattern: 'src/server/retention' },
  { type: 'server/static', pattern: 'src/server/static' },
  // The server's own files (app, boot, config, logger…): they wire the layers together.
  { type: 'server', pattern: 'src/server' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'tests', pattern: 'tests' },
  { type: 'support', pattern: 'support' },
].map((element) => ({ partialMatch: false, ...element }));
/** Single files are classified by category; a rule names a type or a category alike. */
const files = [
  { category: 'site', pattern: 'src/{site,redirects,public-pages}.ts' },
  { category: 'content-config', pattern: 'src/content.config.ts' },
  // Folder globs skip dot folders: the routes under /.well-known/ (security.txt) are pages too.
  { category: 'pages', pattern: 'src/pages/.well-known/*.ts' },
  { category: 'config', pattern: '*.{js,mjs,ts}' },
];

const local = (...types) => ({
  to: [{ element: { types: { anyOf: types } } }, { file: { categories: { anyOf: types } } }],
});
const packages = (...sources) => ({ to: { module: { origin: 'external', source: sources } } });
const anyPackage = { to: { module: { origin: 'external' } } };
const anyPackageOrBuiltin = { to: { module: { origin: ['external', 'core'] } } };
const typesOf = (...types) => ({ dependency: { kind: 'type' }, ...local(...types) });
const anything = [{ to: [{ element: { type: '**' } }, { file: { categories: '*' } }] }, anyPackageOrBuiltin];
/** Any folder or file but those of `types`, and any package or built-in. */
const anythingBut = (...types) => [
  {
    to: [
      { element: { types: { anyOf: elements.map((e) => e.type).filter((type) => !types.includes(type)) } } },
      { file: { categories: '*' } },
    ],
  },
  anyPackageOrBuiltin,
];

/** A feature's one door: its `index.ts`, the only file of it that code outside the feature imports. */
const featureDoor = { to: { element: { type: 'server/features', internalPath: 'index.ts' } } };

const SERVER_LAYERS = [
  'server',
  'server/features',
  'server/services',
  'server/middleware',
  'server/db',
  'server/mail',
  'server/retention',
  'server/static',
  'server/cli',
];

/**
 * Per folder: what it may import (besides itself: imports inside one element, a folder or one
 * island, are not checked) and the rule its error message states.
 */
const table = [
  ['site', [], 'src/site.ts, src/redirects.ts and src/public-pages.ts import nothing'],
  [
    'content-config',
    [local('content-config', 'lib'), packages('astro', 'astro:*', 'zod')],
    'src/content/ may import src/lib, astro and zod only',
  ],
  [
    'pages',
    [local('layouts', 'components', 'content-components', 'islands', 'lib', 'site', 'styles'), anyPackageOrBuiltin],
    'a page may import layouts, components, islands (to mount them), src/lib and src/site.ts; never src/server',
  ],
  [
    'layouts',
    [local('components', 'content-components', 'lib', 'site', 'styles'), anyPackageOrBuiltin],
    'a layout may import components, src/lib and src/site.ts; never src/server',
  ],
  [
    'components',
    [local('components', 'content-components', 'islands', 'lib', 'site', 'styles'), anyPackageOrBuiltin],
    'a component may import components, islands (to mount them), src/lib and src/site.ts; never a layout or src/server',
  ],
  [
    'content-components',
    [local('components', 'islands', 'lib', 'site', 'styles'), typesOf('content-config'), anyPackageOrBuiltin],
    'an MDX component may import components, islands (to mount them), src/lib, src/site.ts and the types of src/content/; never a layout or src/server',
  ],
  [
    'islands',
    [local('islands/ui', 'islands/queries', 'lib', 'site'), anyPackage],
    'an island may import its own folder, islands/ui, islands/queries, src/lib, src/site.ts and packages; never another island, a Node built-in or src/server',
  ],
  [
    'islands/ui',
    [local('lib', 'site'), anyPackage],
    'islands/ui may import src/lib, src/site.ts and packages; never an island, a Node built-in or src/server',
  ],
  [
    'islands/queries',
    [local('lib'), anyPackage],
    'islands/queries may import src/lib and packages; never an island, a Node built-in or src/server',
  ],
  [
    'lib',
    [local('site'), packages('zod', 'markdown-it'), { dependency: { kind: 'type' }, ...anyPackage }],
    'src/lib may import src/site.ts, zod and markdown-it (other packages as `import type` only); never a Node built-in or src/server',
  ],
  ['styles', [local('styles')], 'src/styles/ imports only styles'],
  [
    'integrations',
    [local('lib', 'site', 'config'), anyPackageOrBuiltin],
    'src/integrations may import src/lib, src/site.ts, the root config files (keystatic.config.ts), packages and Node built-ins',
  ],
  [
    'server',
    [
      local(...SERVER_LAYERS.filter((layer) => layer !== 'server/features'), 'lib', 'site'),
      featureDoor,
      anyPackageOrBuiltin,
    ],
    "src/server's own files may import every layer of src/server (a feature through its index.ts), src/lib, src/site.ts, src/redirects.ts, packages and Node built-ins",
  ],
  [
    'server/features',
    [
      local('server', 'server/services', 'server/middleware', 'server/db', 'server/mail', 'lib', 'site'),
      featureDoor,
      anyPackageOrBuiltin,
    ],
    "a feature (src/server/features/<name>/) may import services, middleware, db, mail, the server's own files and another feature through its index.ts only",
  ],
  [
    'server/services',
    [local('server', 'server/db', 'server/mail', 'lib', 'site'), anyPackageOrBuiltin],
    "src/server/services may import db, mail and the server's own files; never a feature or middleware",
  ],
  [
    'server/middleware',
    [local('server', 'server/services', 'server/db', 'lib', 'site'), anyPackageOrBuiltin],
    "src/server/middleware may import services, db and the server's own files; never a feature",
  ],
  [
    'server/db/migrations',
    [packages('kysely')],
    'a migration (src/server/db/migrations/) may import its own folder and kysely only; never app code, whose later changes would change what a released migration does',
  ],
  [
    'server/db',
    [local('server', 'server/db/migrations', 'lib', 'site'), anyPackageOrBuiltin],
    "src/server/db may import the server's own files and src/lib; never a feature, service or middleware",
  ],
  [
    'server/mail',
    [local('server', 'server/db', 'lib', 'site'), anyPackageOrBuiltin],
    "src/server/mail may import db and the server's own files; never a feature, service or middleware",
  ],
  [
    'server/retention',
    [local('server', 'server/services', 'server/db', 'lib'), featureDoor, anyPackageOrBuiltin],
    "src/server/retention may import services, db, the server's own files and a feature through its index.ts; never middleware",
  ],
  [
    'server/static',
    [local('server', 'server/services', 'server/db', 'lib', 'site'), anyPackageOrBuiltin],
    "src/server/static may import services, db and the server's own files; never a feature or middleware",
  ],
  [
    'server/cli',
    [
      local('server', 'server/services', 'server/db', 'server/mail', 'server/retention', 'lib', 'site'),
      featureDoor,
      anyPackageOrBuiltin,
    ],
    "src/server/cli may import services, db, mail, retention, the server's own files and a feature through its index.ts; never middleware",
  ],
  ['scripts', anythingBut('tests'), 'scripts may import anything but tests (what both need is in support/)'],
  ['tests', anythingBut('scripts'), 'tests may import anything but scripts (what both need is in support/)'],
  [
    'support',
    anythingBut('scripts', 'tests'),
    'support/ (what scripts and tests share) may import anything but scripts and tests',
  ],
];

const policies = table.flatMap(([type, allow, rule]) => [
  // Refuse everything with the folder's rule as the message, then allow what the rule names (the last match wins).
  {
    from: [{ element: { type } }, { file: { categories: type } }],
    disallow: anything,
    message: `'{{dependency.source}}' breaks an import rule: ${rule} (docs/ARCHITECTURE.md, "Folders, and what each may import").`,
  },
  { from: [{ element: { type } }, { file: { categories: type } }], allow },
]);

export default defineConfig(
  { ignores: ['dist/', 'dist-split/', '.astro/', 'data/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // An unused argument or variable is allowed only when its name says so (as AstroWind does).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // eslint-module-utils loads an import resolver with require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,astro,mjs}', 'scripts/**/*.ts', 'tests/**/*.ts', 'support/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      // tsconfig.json's `~/` alias and the extensions Astro and Vite accept.
      'import/resolver': {
        typescript: {
          project: `${import.meta.dirname}/tsconfig.json`,
          extensions: ['.ts', '.tsx', '.astro', '.mjs', '.js', '.cjs', '.d.ts'],
        },
      },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies }],
      // A file outside every folder of the table, or an import of one, is a gap in the rules.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
);
