import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ALL_CALLS, APP_BASE, APP_PATHS, PAGE_FIRST_CALLS, encodeFields, pageCallKey, type PageCall } from '@airbox/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resumeSession } from '../modules/sessions/sessions.service.js';
import { escapeHtml } from '../providers/mail/mail-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers with the web app's index.html (SPA fallback), its portal config filled in and, on a
     * signed-in page of PAGE_FIRST_CALLS, the answers of its first calls for the session's customer.
     */
    sendWebApp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

const CONFIG_ELEMENT = /(<script type="application\/json" id="portal-config">)\{\}(<\/script>)/;
const ANSWERS_ELEMENT = /(<script type="application\/json" id="first-answers">)\{\}(<\/script>)/;
/** The page's title before the app names the screen: the portal's brand, not the build's placeholder. */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LOGIN_PAGE = `${APP_BASE}${APP_PATHS.login.getHref()}`;

/**
 * How long the page waits for its first answers: past it (a database slow or away) it goes out
 * without them, and the web app asks the calls itself.
 */
const FIRST_ANSWERS_WAIT_MS = 500;

/** JSON inside a <script> element: no `<` can close it. */
const inScript = (json: string): string => json.replace(/</g, '\\u003c');

/**
 * One of a page's first calls asked of the portal itself, as the web app would send it. Its answer
 * when it is one of the call's successes (HTTP 200, a success errorcode), parsed by the call's
 * response schema and written as JSON: the web app takes it as it is, without loading the
 * contract's schemas (zod and every call's schemas built: the dashboard's longest tasks at a
 * phone's speed, issue 24). Anything else is left out, and the app asks that call itself.
 */
async function answerOf(app: FastifyInstance, request: FastifyRequest, { name, input }: PageCall): Promise<string | undefined> {
  const call = ALL_CALLS[name];
  const fields = encodeFields(input).toString();
  const inQuery = call.method === 'GET' || call.encoding === 'query';
  const body = inQuery ? undefined : call.encoding === 'json' ? JSON.stringify(input) : fields;
  const answer = await app.inject({
    method: call.method,
    url: inQuery && fields ? `${call.path}?${fields}` : call.path,
    headers: {
      accept: 'application/json',
      ...(request.headers.cookie === undefined ? {} : { cookie: request.headers.cookie }),
      ...(body === undefined ? {} : { 'content-type': call.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' }),
    },
    ...(body === undefined ? {} : { payload: body }),
    remoteAddress: request.ip,
  });
  if (answer.statusCode !== 200) return undefined;
  let answered: unknown;
  try {
    answered = JSON.parse(answer.body);
  } catch {
    return undefined;
  }
  const parsed = call.response.safeParse(answered);
  if (!parsed.success || !call.successCodes.includes((parsed.data as { errorcode: number }).errorcode)) return undefined;
  return JSON.stringify(parsed.data);
}

/**
 * The answers of the page's first calls (contract PAGE_FIRST_CALLS) for whoever the request's
 * session cookie names, as one JSON object by pageCallKey (issue 24): each call runs through the
 * portal's own routes, with the request's cookie and address, so it answers exactly what the
 * web app's call would (a call refused, a 401 without a session, is left out and asked by the app).
 * Nothing for a page without first calls, a visitor without a session cookie, a HEAD, a prefetch,
 * or when the answers take longer than FIRST_ANSWERS_WAIT_MS.
 */
async function firstAnswers(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const calls = PAGE_FIRST_CALLS[request.url.split('?', 1)[0]?.slice(APP_BASE.length) ?? ''];
  const token = calls && request.method === 'GET' && openedAsPage(request) ? app.sessionCookie.read(request) : undefined;
  if (!calls || !token) return '{}';
  const answered = (async () => {
    // Identity from the session only: the calls' fields name its customer.
    const user = await resumeSession(app.db, token, app.config.clock());
    if (!user) return '{}';
    const list = calls(user.user_id);
    const answers = await Promise.all(list.map((pageCall) => answerOf(app, request, pageCall)));
    const entries = list.flatMap((pageCall, i) => (answers[i] === undefined ? [] : [`${JSON.stringify(pageCallKey(pageCall.name, pageCall.input))}:${answers[i]}`]));
    return inScript(`{${entries.join(',')}}`);
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('{}'), FIRST_ANSWERS_WAIT_MS);
  });
  try {
    return await Promise.race([answered, late]);
  } catch (error) {
    request.log.warn({ err: error }, 'first answers not written into the page');
    return '{}';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the browser is opening the page to show it: not a prefetch or prerender (whose answers
 * may never be used) nor a fetch of the HTML by a script. A client that sends neither header (an
 * older browser) is taken at its word.
 */
function openedAsPage(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const destination = request.headers['sec-fetch-dest'];
  return destination === undefined || destination === 'document';
}

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
    const portalConfig = inScript(
      JSON.stringify({
        brandName: config.brandName,
        adminAppUrl: config.adminAppUrl,
        tabletAppUrl: config.tabletAppUrl,
        labelPurchaseUrl: config.labelPurchaseUrl,
        version: config.version,
      }),
    );

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

    app.decorate('sendWebApp', async (request: FastifyRequest, reply: FastifyReply) => {
      // It may carry a customer's first answers: kept by no cache, shared or the browser's.
      reply.header('cache-control', 'private, no-store');
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
      const answers = await firstAnswers(app, request);
      const filled = html
        .replace(CONFIG_ELEMENT, (_match, open: string, close: string) => `${open}${portalConfig}${close}`)
        .replace(ANSWERS_ELEMENT, (_match, open: string, close: string) => `${open}${answers}${close}`)
        .replace(TITLE_ELEMENT, () => `<title>${escapeHtml(config.brandName)}</title>`);
      return reply.type('text/html; charset=utf-8').send(filled);
    });

    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(LOGIN_PAGE));
    app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
    app.get('/app/', { schema: { hide: true } }, (request, reply) => app.sendWebApp(request, reply));
    // The admin and tablet apps' default addresses (/app/admin/, /app/tablet/) are the web app's
    // too: its page there says those apps are separate, in the portal's layout (issue 11).
  },
  { name: 'web-app', dependencies: ['config'] },
);
