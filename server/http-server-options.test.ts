/**
 * The shop API's server timeouts (issue #31 item 5): a client that sends its headers slowly is
 * dropped within seconds, while an idle kept-alive connection still serves its next request.
 * The server is started as server/main.ts starts it (@hono/node-server's `serve`).
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SERVER_OPTIONS, applyApiServerTimeouts } from './http-server-options';
import type { Server } from 'node:http';

let server: Server;
let port: number;

beforeAll(async () => {
  const app = new Hono().get('/', (c) => c.text('ok'));
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: API_SERVER_OPTIONS }) as Server;
  applyApiServerTimeouts(server);
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw connection; resolves once connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('API server timeouts', () => {
  it('drops a client that sends its headers a byte at a time within a few seconds', async () => {
    const socket = await open();
    const started = Date.now();
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const dribble = setInterval(() => socket.writable && socket.write('X'), 500);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    const closedAfter = await new Promise<number>((resolve) => {
      socket.once('close', () => resolve(Date.now() - started));
      setTimeout(() => resolve(Infinity), 15_000);
    });
    clearInterval(dribble);
    socket.destroy();
    expect(closedAfter).toBeLessThan(API_SERVER_OPTIONS.headersTimeout + 3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('keeps an idle kept-alive connection past the headers timeout for its next request', async () => {
    const socket = await open();
    const answers: string[] = [];
    socket.on('data', (chunk) => answers.push(String(chunk)));
    const request = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    socket.write(request);
    await new Promise((r) => setTimeout(r, API_SERVER_OPTIONS.headersTimeout + 2_000));
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await new Promise((r) => setTimeout(r, 500));
    socket.destroy();
    expect(answers.join('').match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  }, 20_000);
});
