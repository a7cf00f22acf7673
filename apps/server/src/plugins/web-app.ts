import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_BASE, APP_PATHS } from '@airbox/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../providers/mail/mail-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the web app's index.html (SPA fallback), its portal config filled in. */
    sendWebApp(reply: FastifyReply): Promise<FastifyReply>;
  }
}

const CONFIG_ELEMENT = /(<script type="application\/json" id="portal-config">)\{\}(<\/script>)/;
/** The page's title before the app names the screen: the portal's brand, not the build's placeholder. */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LOGIN_PAGE = `${APP_BASE}${APP_PATHS.login.getHref()}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}a{color:#b34700}</style>
</head><body><main>${body}</main></body></html>`;
}

/**
 * Serves the built web app under /app/: hashed assets cached for a year (pre-compressed .br/.gz
 * chosen by Accept-Encoding), index.html never cached and carrying the portal's run-time config
 * and its brand as the title (what a tab or a link preview shows before the app names the screen).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const indexFile = join(config.webDistDir, 'index.html');
    const portalConfig = JSON.stringify({
      brandName: config.brandName,
      adminAppUrl: config.adminAppUrl,
      tabletAppUrl: config.tabletAppUrl,
      labelPurchaseUrl: config.labelPurchaseUrl,
      version: config.version,
    }).replace(/</g, '\\u003c');

    if (existsSync(config.webDistDir)) {
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/app/',
        preCompressed: true,
        index: false,
        cacheControl: false,
        // index.html only goes out through sendWebApp, with its config.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.startsWith(join(config.webDistDir, 'assets')) ? IMMUTABLE : 'no-cache');
        },
      });
    }

    app.decorate('sendWebApp', async (reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      let html: string;
      try {
        html = await readFile(indexFile, 'utf8');
      } catch {
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              `${config.brandName} portal`,
              `<h1>The web app is not built yet</h1><p>Run <code>npm run build</code> in the repository, then reload this page.</p>`,
            ),
          );
      }
      const filled = html
        .replace(CONFIG_ELEMENT, (_match, open: string, close: string) => `${open}${portalConfig}${close}`)
        .replace(TITLE_ELEMENT, () => `<title>${escapeHtml(config.brandName)}</title>`);
      return reply.type('text/html; charset=utf-8').send(filled);
    });

    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(LOGIN_PAGE));
    app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
    app.get('/app/', { schema: { hide: true } }, (_request, reply) => app.sendWebApp(reply));
    // The admin and tablet apps' default addresses (/app/admin/, /app/tablet/) are the web app's
    // too: its page there says those apps are separate, in the portal's layout (issue 11).
  },
  { name: 'web-app', dependencies: ['config'] },
);
