#!/usr/bin/env node
/**
 * The throughput part's yardstick: a bare Fastify server with the portal's security headers
 * (@fastify/helmet with the portal's own options, and no-store as the portal's calls answer)
 * answering stored JSON. Run as a child process so it has its own event loop, as the portal does:
 *   node bare-server.mjs <port> <bodies.json>     bodies.json: { "<name>": <JSON answer>, ... }
 * GET or POST /bare/<name> answers bodies[name].
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';

const [port, bodiesFile] = process.argv.slice(2);
const serverDist = join(import.meta.dirname, '../../apps/server/dist');
const { helmetOptions } = await import(join(serverDist, 'plugins/security.js'));
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8'));

const app = Fastify({ logger: false });
await app.register(formbody);
await app.register(helmet, helmetOptions('http://127.0.0.1'));
const answer = async (request, reply) => {
  const body = bodies[request.params.name];
  if (body === undefined) return reply.code(404).send({ message: 'no such answer' });
  reply.header('cache-control', 'no-store');
  return body;
};
app.get('/bare/:name', answer);
app.post('/bare/:name', answer);
await app.listen({ port: Number(port), host: '127.0.0.1' });
