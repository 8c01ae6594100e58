/** The few hast fields the walk needs (hast types are not a direct dependency). */
type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/**
 * Rehype plugin: the header cells of a Markdown table get scope="col", so every browser and screen reader
 * announces them as column headers of the cells below.
 */
export function tableHeaderScope() {
  const walk = (node: HastNode, inHead: boolean): void => {
    if (node.type === 'element' && node.tagName === 'th' && inHead)
      node.properties = { ...node.properties, scope: 'col' };
    node.children?.forEach((child) => walk(child, inHead || (node.type === 'element' && node.tagName === 'thead')));
  };
  return (tree: HastNode) => walk(tree, false);
}
