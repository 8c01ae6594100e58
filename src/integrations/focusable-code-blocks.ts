/** The few hast fields the walk needs (hast types are not a direct dependency). */
type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/**
 * Rehype plugin: code blocks scroll sideways on narrow screens, so each <pre> takes keyboard focus
 * (axe: scrollable-region-focusable). Shiki did this; we turned Shiki off for the CSP.
 */
export function focusableCodeBlocks() {
  const walk = (node: HastNode): void => {
    if (node.type === 'element' && node.tagName === 'pre') node.properties = { ...node.properties, tabIndex: 0 };
    node.children?.forEach(walk);
  };
  return (tree: HastNode) => walk(tree);
}
