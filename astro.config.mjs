// @ts-check
import { defineConfig } from 'astro/config';
import { unified } from '@astrojs/markdown-remark';
import { realpathSync } from 'node:fs';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import node from '@astrojs/node';
import { staticRedirects } from './src/integrations/static-redirects';
import { focusableCodeBlocks } from './src/integrations/focusable-code-blocks';
import { ogImages } from './src/integrations/og-images';
import { tableHeaderScope } from './src/integrations/table-header-scope';
import { keystaticInDev } from './src/integrations/keystatic-dev';
import { letterFirstHeadingIds } from './src/integrations/letter-first-heading-ids';
import { linkCheck } from './src/integrations/link-check';
import { rejectEncodedSpaces } from './src/integrations/encoded-spaces';
import { searchIndex } from './src/integrations/search-index';
import { themeInit } from './src/integrations/theme-init';
import { REDIRECTS, redirectsForAstro } from './src/redirects';
import { apiOrigin, connectSources } from './src/lib/connect-sources';

const siteUrl = process.env.SITE_URL ?? 'https://www.example.com';
/** The browsers the built CSS is written for: Vite 6's default ('modules'); Astro builds the JavaScript for esnext. */
const CSS_BROWSERS = ['edge88', 'firefox78', 'chrome87', 'safari14'];
const redirects = redirectsForAstro();
// /career/jobs is the board's no-JavaScript twin; the jobs themselves are in sitemap-jobs.xml.
const notInSitemap = new Set([
  '/admin',
  '/adminlogin',
  '/application',
  '/alerts/confirm',
  '/alerts/subscribe',
  '/alerts/unsubscribe',
  '/career/jobs',
  ...Object.keys(REDIRECTS),
]);

export default defineConfig({
  site: siteUrl,
  output: 'static',
  // Caches in the project, not in node_modules: work trees and the tests' copies of the project share one
  // linked node_modules, and must not share the content store or Vite's pre-bundled dependencies.
  cacheDir: './.astro/cache',
  // Only routes that opt out with `prerender = false` are rendered on request (job pages).
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'ignore',
  // Lossless whitespace removal: Astro 7's default JSX rules drop the line breaks that separate inline text
  // ("Karnataka" and "560103" in the footer's address would run together).
  compressHTML: true,
  build: { format: 'directory', inlineStylesheets: 'never' },
  redirects: redirects.routed,
  prefetch: false,
  // Shiki colours tokens with inline style attributes, which the hashed CSP forbids; code blocks are styled by CSS.
  markdown: {
    syntaxHighlight: false,
    // remark and rehype (not Astro's default Sätteri), which the plugins below are written for.
    processor: unified({
      // A space Keystatic saved as `&#x20;` stops the build with the file and line.
      remarkPlugins: [rejectEncodedSpaces],
      rehypePlugins: [focusableCodeBlocks, tableHeaderScope, letterFirstHeadingIds],
    }),
  },
  integrations: [
    react(),
    mdx(),
    tailwind({ applyBaseStyles: false }),
    staticRedirects(redirects.caseOnly),
    sitemap({
      customSitemaps: [`${siteUrl}/sitemap-jobs.xml`],
      filter: (page) => !notInSitemap.has(new URL(page).pathname.replace(/\/$/, '')),
      // List each page under its canonical URL: no trailing slash, as BaseLayout's <link rel="canonical">.
      serialize: (item) => ({
        ...item,
        url: item.url.replace(/(?<=[^/])\/$/, '').replace(/^(https?:\/\/[^/]+)$/, '$1/'),
      }),
    }),
    // After the build, every internal link in content/ must lead to a built page, anchor or file.
    linkCheck(Object.keys(REDIRECTS)),
    ogImages(),
    searchIndex(),
    themeInit(),
    keystaticInDev(),
  ],
  security: {
    // Astro hashes every script and style it emits into a CSP <meta>; the server adds frame-ancestors.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "media-src 'self'",
        "font-src 'self'",
        `connect-src ${connectSources(process.env).join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        // The job alert form on /career posts to the API, on its own origin in a split deployment.
        `form-action ${["'self'", apiOrigin(process.env)].filter(Boolean).join(' ')}`,
      ],
    },
  },
  vite: {
    // `npm run dev` runs the API on DEV_API_PORT; the dev server forwards /api to it, except Keystatic's
    // local API (/api/keystatic), which the dev server answers itself.
    server: {
      proxy: { '^/api/(?!keystatic(?:/|$))': `http://127.0.0.1:${process.env.DEV_API_PORT ?? 4322}` },
      // A work tree or a test's copy of the project may link node_modules from elsewhere; the dev server
      // may serve files from there too (Keystatic's UI is loaded from it).
      fs: { allow: [new URL('.', import.meta.url).pathname, realpathSync('node_modules')] },
    },
    resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
    // Vite 8 minifies CSS with Lightning CSS for its own newer default browsers: this keeps min-width media
    // queries (Safari before 16.4 ignores the range syntax), so the same visitors keep working pages.
    build: { cssTarget: CSS_BROWSERS },
    cacheDir: './.astro/vite',
  },
});
