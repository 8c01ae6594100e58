import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The privacy notice's source; its `version` frontmatter is the one the consent records. */
const NOTICE_FILE = path.join('content', 'legal', 'privacy.mdx');

/** The `version:` value in an MDX file's frontmatter, or null. */
export function frontmatterVersion(source: string): string | null {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const match = /^version:\s*(?:'([^'\n]+)'|"([^"\n]+)"|([^\s#][^\n#]*?))\s*$/m.exec(frontmatter);
  return (match?.[1] ?? match?.[2] ?? match?.[3])?.trim() || null;
}

let cached: string | null = null;

/**
 * The version of the privacy notice the site shows, read once from content/legal/privacy.mdx
 * (found upwards from this module, so it works from src/ and from the compiled dist/node/).
 * The notice ships with the code; a missing file or version is a broken build, so this throws.
 */
export function privacyNoticeVersion(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, NOTICE_FILE);
    if (existsSync(candidate)) {
      const version = frontmatterVersion(readFileSync(candidate, 'utf8'));
      if (!version) throw new Error(`${candidate} has no version in its frontmatter`);
      cached = version;
      return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${NOTICE_FILE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
