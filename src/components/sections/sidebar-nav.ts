import { getCollection } from 'astro:content';
import type { NavLink } from '~/site';

/** A sidebar entry: full label on desktop, optional short label for the mobile strip, optional icon. */
export type SidebarLink = NavLink & { short?: string; icon?: string };

/** Collections whose pages share a sidebar. */
export type SidebarCollection = 'products' | 'verticals';

/**
 * The sidebar of a collection's pages, from the content itself: ordered by `order`, then by label; the
 * desktop label is the title, the mobile label `navLabel`; the icon is `/images/<collection>/nav/<id>.svg`.
 */
export async function sidebarLinks(collection: SidebarCollection): Promise<SidebarLink[]> {
  const entries = await getCollection(collection);
  const label = (entry: (typeof entries)[number]) => entry.data.navLabel ?? entry.data.title;
  return entries
    .sort((a, b) => a.data.order - b.data.order || label(a).localeCompare(label(b)))
    .map((entry) => ({
      label: entry.data.title,
      short: label(entry),
      href: `/${entry.id}`,
      icon: `/images/${collection}/nav/${entry.id}.svg`,
    }));
}
