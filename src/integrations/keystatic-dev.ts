import type { AstroIntegration } from 'astro';
import keystatic from '@keystatic/astro';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, WebSocket } from 'vite';

const API = new URL('./keystatic-api.ts', import.meta.url);

/** The event a Keystatic tab sends the dev server when it opens (see keystaticTabs). */
const KEYSTATIC_TAB = 'keystatic-dev:tab';
/** What Astro tells its server environments when its content store changed. */
const CONTENT_CHANGED = 'astro:content-changed';

/**
 * Astro reloads every open page when a module only the server runs changes (an article's .mdx) and
 * when its content store changes: Keystatic's tabs too, so a save reloads the tab whose save is still
 * in flight (an empty create form, the entry saved). Keystatic's page is rendered in the browser alone
 * and keeps its own state: those reloads go to every other page; the rest (Vite's among them) to all.
 */
function keystaticTabs(root: URL): Plugin {
  const keystaticConfig = fileURLToPath(new URL('keystatic.config.ts', root));
  return {
    name: 'keystatic-dev:tabs',
    // Only Keystatic's UI loads its configuration in the browser (its page has no <head> for a script of ours).
    transform(code, id) {
      if (this.environment.name !== 'client' || id !== keystaticConfig) return;
      return { code: `${code}\nif (import.meta.hot) import.meta.hot.send('${KEYSTATIC_TAB}');\n`, map: null };
    },
    configureServer(server) {
      const tabs = new WeakSet<WebSocket>();
      server.ws.on(KEYSTATIC_TAB, (_data: unknown, client: { socket?: WebSocket }) => {
        if (client.socket) tabs.add(client.socket);
      });
      // Astro tells its server environments 'astro:content-changed' just before, in the same call, it
      // sends every page the store's reload: mark that moment.
      let storeChanged = false;
      for (const environment of Object.values(server.environments)) {
        if (environment.name === 'client') continue;
        const send = environment.hot.send.bind(environment.hot) as (...args: unknown[]) => void;
        environment.hot.send = ((...args: unknown[]) => {
          if (args[0] === CONTENT_CHANGED) {
            storeChanged = true;
            queueMicrotask(() => (storeChanged = false));
          }
          send(...args);
        }) as typeof environment.hot.send;
      }
      const broadcast = server.ws.send.bind(server.ws) as (payload: unknown) => void;
      server.ws.send = ((...args: unknown[]) => {
        const payload = args[0] as { type?: string; path?: string } | string;
        // Astro's reload for server-only modules names no path; the store's names every page ('*').
        const serverOnly =
          typeof payload === 'object' && payload.type === 'full-reload' && (payload.path === undefined || storeChanged);
        if (!serverOnly) return (broadcast as (...a: unknown[]) => void)(...args);
        for (const client of server.ws.clients) if (!tabs.has(client.socket)) client.send(payload as never);
      }) as typeof server.ws.send;
    },
  };
}

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
        // Keystatic's API route, wrapped so that a save leaves no encoded space (keystatic-api.ts).
        const injectRoute: typeof params.injectRoute = (route) =>
          params.injectRoute(route.pattern.startsWith('/api/keystatic/') ? { ...route, entrypoint: API } : route);
        await integration.hooks['astro:config:setup']?.({ ...params, injectRoute });
        // Keystatic lists its packages for Vite to pre-bundle for the browser, its server-side API among
        // them, whose `astro:env/server` import esbuild cannot resolve (the pre-bundling then fails and
        // the UI stays blank). The browser needs only the UI.
        writeFileSync(
          new URL('.astro/keystatic-imports.js', params.config.root),
          'import "@keystatic/astro/ui";\nimport "@keystatic/core/ui";\n',
        );
        params.updateConfig({
          vite: {
            plugins: [keystaticTabs(params.config.root)],
            // The API's route (keystatic-api.ts) is server code: met as a bare import, Vite would pre-bundle
            // Keystatic's handler for the browser, fail (as above), and then find React's client late and
            // reload every open page.
            optimizeDeps: { exclude: ['@keystatic/astro/api'] },
          },
        });
      },
    },
  };
}
