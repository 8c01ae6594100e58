import { productLinks, verticalLinks, type NavLink } from '~/site';

/** A sidebar entry: full label on desktop, optional short label for the mobile strip, optional icon. */
export type SidebarLink = NavLink & { short?: string; icon?: string };

const productShort: Record<string, string> = { '/iip': 'Pipeline Generator', '/iem': 'Edge ML Ops', '/iis': 'IoT SDK' };

/** Sidebar of the product pages (/iip, /iem, /iis); labels and order come from src/site.ts. */
export const productNav: readonly SidebarLink[] = productLinks.map((link) => ({
  ...link,
  short: productShort[link.href] ?? link.label,
  icon: `/images/products/nav${link.href}.svg`,
}));

/** Sidebar of the vertical pages; labels and order come from src/site.ts. */
export const verticalNav: readonly SidebarLink[] = verticalLinks.map((link) => ({
  ...link,
  icon: `/images/verticals/nav${link.href}.svg`,
}));
