// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import node from '@astrojs/node';
import { staticRedirects } from './src/integrations/static-redirects';
import { focusableCodeBlocks } from './src/integrations/focusable-code-blocks';

const siteUrl = process.env.SITE_URL ?? 'https://www.example.com';

/** connect-src: our own origin, the API's when it lives elsewhere, EmailJS's when configured. */
const publicApiUrl = process.env.PUBLIC_API_URL ?? '';
const apiOrigin = /^https?:\/\//.test(publicApiUrl) ? new URL(publicApiUrl).origin : null;
const emailJsConfigured = Boolean(
  process.env.PUBLIC_EMAILJS_PUBLIC_KEY && process.env.PUBLIC_EMAILJS_SERVICE_ID && process.env.PUBLIC_EMAILJS_TEMPLATE_ID,
);
const connectSources = ["'self'", apiOrigin, emailJsConfigured ? 'https://api.emailjs.com' : null].filter(Boolean);

export default defineConfig({
  site: siteUrl,
  output: 'static',
  // Only routes that opt out with `prerender = false` are rendered on request (job pages).
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  redirects: { '/login': '/adminlogin' },
  prefetch: false,
  // Shiki colours tokens with inline style attributes, which the hashed CSP forbids; code blocks are styled by CSS.
  markdown: { syntaxHighlight: false, rehypePlugins: [focusableCodeBlocks] },
  integrations: [
    react(),
    mdx(),
    tailwind({ applyBaseStyles: false }),
    staticRedirects({ '/Industrials': '/industrials' }),
    sitemap({
      customSitemaps: [`${siteUrl}/sitemap-jobs.xml`],
      filter: (page) => !/\/(admin|adminlogin|login|Industrials)\/?$/.test(page) }),
  ],
  experimental: {
    // Astro hashes every script and style it emits into a CSP <meta>; the server adds frame-ancestors.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "media-src 'self'",
        "font-src 'self'",
        `connect-src ${connectSources.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    // `npm run dev` runs the API on DEV_API_PORT; the dev server forwards /api to it.
    server: { proxy: { '/api': `http://127.0.0.1:${process.env.DEV_API_PORT ?? 4322}` } },
    resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  },
});
