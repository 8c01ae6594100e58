/**
 * The import resolver eslint-plugin-boundaries uses (settings 'import/resolver'): relative paths and
 * tsconfig.json's path aliases (`~/…`) to files, with the extensions Astro and Vite accept. A package
 * or Node built-in is left unresolved, which the plugin reads as an external or core module.
 */
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
const baseUrl = path.resolve(root, compilerOptions.baseUrl ?? '.');
/** `"~/*": ["src/*"]` → ['~/', '<root>/src/']. */
const aliases = Object.entries(compilerOptions.paths ?? {}).map(([alias, [target]]) => [
  alias.replace(/\*$/, ''),
  path.join(baseUrl, target.replace(/\*$/, '')),
]);
const EXTENSIONS = ['.ts', '.tsx', '.astro', '.mjs', '.js', '.cjs', '.d.ts'];

const isFile = (file) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

exports.interfaceVersion = 2;

exports.resolve = (source, importer) => {
  // Vite's `?url`, `?raw` and the like name the same file.
  const specifier = source.replace(/[?#].*$/, '');
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  const base = alias
    ? path.join(alias[1], specifier.slice(alias[0].length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(importer), specifier)
      : null;
  if (base === null) return { found: false };
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  const file = candidates.find(isFile);
  return file ? { found: true, path: file } : { found: false };
};
