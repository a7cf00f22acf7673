import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realProvidersEnv } from './production-env.js';

/**
 * The portal started as an operator would (its own process, its environment only), in
 * production: named real providers (dummy keys, never called at start) run; any provider left
 * unnamed stops it with one line naming the setting. Runs once, on SQLite.
 */
const SERVER_DIR = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'airbox-production-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

function productionEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...realProvidersEnv(dir),
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${join(dir, `portal-${port}.db`)}`,
    LOG_LEVEL: 'warn',
  };
}

function startServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, stderr: () => stderr };
}

describe.runIf(process.env.TEST_DIALECT === 'sqlite')('a production start', () => {
  it('runs with every provider named as the real service, without the simulator or demo accounts', async () => {
    const port = await freePort();
    const server = startServer(productionEnv(port));
    const base = `http://127.0.0.1:${port}`;
    try {
      let healthy = false;
      for (let attempt = 0; attempt < 300 && !healthy && server.child.exitCode === null; attempt += 1) {
        healthy = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
        if (!healthy) await new Promise((done) => setTimeout(done, 100));
      }
      expect(healthy, server.stderr()).toBe(true);
      expect((await fetch(`${base}/app/v1/payments/simulator?token=x`)).status).toBe(404);
      const login = await fetch(`${base}/app/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'admin@example.com', password: 'DemoPass1' }),
      });
      expect(await login.json()).toMatchObject({ errorcode: 0, user: [] });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it.each(['PAYMENTS_PROVIDER', 'MAIL_PROVIDER'])('refuses to start with %s unnamed, in one line naming it', async (key) => {
    const server = startServer({ ...productionEnv(await freePort()), [key]: undefined });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim()).toMatch(new RegExp(`^Refusing to start: ${key}: must be named in production \\([^\\n]*\\)$`));
  });
});
