/** The few hast fields the walk needs (hast types are not a direct dependency). */
type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

const HEADING = /^h[1-6]$/;

const textOf = (node: HastNode): string => node.value ?? (node.children ?? []).map(textOf).join('');

/**
 * Rehype plugin: a heading whose text starts with a number ("1. Build reproducibly") gets the id
 * "step-1-build-reproducibly" instead of Astro's "1-build-reproducibly", since an id should start with a
 * letter. Runs before Astro's own heading ids, which keep an id that is already set.
 */
export function letterFirstHeadingIds() {
  const walk = (node: HastNode): void => {
    if (node.type === 'element' && HEADING.test(node.tagName ?? '') && node.properties?.['id'] === undefined) {
      // The slug as Astro's (github-slugger) makes it: lower case, punctuation dropped, one hyphen per space.
      const slug = textOf(node)
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-');
      if (/^\d/.test(slug)) node.properties = { ...node.properties, id: `step-${slug}` };
    }
    node.children?.forEach(walk);
  };
  return (tree: HastNode) => walk(tree);
}
