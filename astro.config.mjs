// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import node from '@astrojs/node';

const siteUrl = process.env.SITE_URL ?? 'https://www.example.com';

export default defineConfig({
  site: siteUrl,
  output: 'static',
  // Only routes that opt out with `prerender = false` are rendered on request (job pages).
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  redirects: { '/Industrials': '/industrials', '/login': '/adminlogin' },
  prefetch: false,
  integrations: [
    react(),
    mdx(),
    tailwind({ applyBaseStyles: false }),
    sitemap({ filter: (page) => !/\/(admin|adminlogin|login|Industrials)\/?$/.test(page) }),
  ],
  vite: {
    resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  },
});
