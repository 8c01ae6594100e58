/** A small `--name value` / `--name=value` / `--flag` parser for the bench scripts. */
export function parseArgs(argv: readonly string[], known: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--'))
      throw new Error(`unexpected argument ${arg}; known: ${known.map((k) => `--${k}`).join(' ')}`);
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!known.includes(name))
      throw new Error(`unknown option --${name}; known: ${known.map((k) => `--${k}`).join(' ')}`);
    const next = argv[i + 1];
    if (inline !== undefined) out.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) out.set(name, (i++, next));
    else out.set(name, 'true');
  }
  return out;
}

/** A positive number option, or the fallback; throws on anything else. */
export function numberOption(args: Map<string, string>, name: string, fallback: number): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${raw}`);
  return value;
}
