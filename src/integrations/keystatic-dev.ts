import type { AstroIntegration } from 'astro';
import keystatic from '@keystatic/astro';
import { writeFileSync } from 'node:fs';

/**
 * Keystatic's editing UI (/keystatic) and its local API (/api/keystatic), in `astro dev` only. A
 * build never contains either, so the production server answers both with its 404 (checked by
 * tests/e2e/keystatic.spec.ts). The configuration is keystatic.config.ts at the project root.
 */
export function keystaticInDev(): AstroIntegration {
  const integration = keystatic();
  return {
    name: 'keystatic-dev',
    hooks: {
      'astro:config:setup': async (params) => {
        if (params.command !== 'dev') return;
        await integration.hooks['astro:config:setup']?.(params);
        // Keystatic lists its packages for Vite to pre-bundle for the browser, its server-side API among
        // them, whose `astro:env/server` import esbuild cannot resolve (the pre-bundling then fails and
        // the UI stays blank). The browser needs only the UI.
        writeFileSync(
          new URL('.astro/keystatic-imports.js', params.config.root),
          'import "@keystatic/astro/ui";\nimport "@keystatic/core/ui";\n',
        );
      },
    },
  };
}
