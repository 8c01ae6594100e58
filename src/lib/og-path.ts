/** Where the Open Graph preview of a page lives: `/` → `/og/home.png`, `/iip` → `/og/iip.png`. */
export function ogImagePath(pathname: string): string {
  const slug = pathname.replace(/^\/+|\/+$/g, '') || 'home';
  return `/og/${slug}.png`;
}

/** Open Graph previews are drawn at the size LinkedIn, X and Facebook show in full. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
