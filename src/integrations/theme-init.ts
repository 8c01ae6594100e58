import type { AstroIntegration } from 'astro';
import { PREFERS_LIGHT_QUERY, THEME_STORAGE_KEY } from '../lib/theme';

/**
 * Runs in <head> before the first paint, so the page never flashes the other theme: writes the
 * stored choice (or "system") and the theme it resolves to on <html>, as src/lib/theme.ts describes.
 * Kept tiny, as every page carries it; storage may be blocked (private modes), hence the try.
 */
export const THEME_INIT_SCRIPT =
  `(()=>{let c;try{c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch{}` +
  `if(c!=='light'&&c!=='dark')c='system';const d=document.documentElement;d.dataset.themeChoice=c;` +
  `d.dataset.theme=c==='system'?(matchMedia(${JSON.stringify(PREFERS_LIGHT_QUERY)}).matches?'light':'dark'):c})()`;

/**
 * Puts the theme script inline in every page's <head>. Astro renders injected head scripts after
 * its CSP <meta> and adds their hashes to it, so the policy admits the script without
 * 'unsafe-inline', and its hash is computed from the script, never written down by hand.
 */
export function themeInit(): AstroIntegration {
  return {
    name: 'theme-init',
    hooks: {
      'astro:config:setup': ({ injectScript }) => injectScript('head-inline', THEME_INIT_SCRIPT),
    },
  };
}
