import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON object as a fake reads it from a request or answers it. */
export type Json = Record<string, unknown>;

/**
 * The plumbing of a local fake of an outside HTTP API (EasyPost, USPS, PayPal, Twilio): a server
 * on a free port of 127.0.0.1, each request's body read whole before the fake's handle() answers
 * it, and a stop that drops the connections a test left open. A fake keeps its own record of
 * requests, in the shape its tests read.
 */
export abstract class FakeHttpServer {
  readonly server: Server = createServer((request, response) => void this.receive(request, response));
  /** `http://127.0.0.1:<port>`, once started. */
  base = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Answers one request; `raw` is its whole body as text. */
  protected abstract handle(request: IncomingMessage, response: ServerResponse, raw: string): Promise<unknown>;

  private async receive(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    // Decoded as one stream, so a character split between two chunks stays whole.
    request.setEncoding('utf8');
    for await (const chunk of request) raw += chunk;
    await this.handle(request, response, raw);
  }
}
