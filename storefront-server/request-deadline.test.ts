/** Request deadline of storefront-server/serve.ts (issue #12 item 15). */
import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { armDeadline } from './request-deadline.ts';
import type { AddressInfo } from 'node:net';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

function get(port: number) {
  return new Promise<{ status: number; body: string; error?: string }>((resolve) => {
    request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ status: res.statusCode ?? 0, body, error: e.message }));
    })
      .on('error', (e) => resolve({ status: 0, body: '', error: e.message }))
      .end();
  });
}

const late = (res: import('node:http').ServerResponse) => {
  res.writeHead(503, { 'retry-after': '5', 'content-type': 'text/plain; charset=utf-8' });
  res.end('Магазин перегружен');
};

describe('armDeadline', () => {
  it('answers 503 when the handler has sent nothing by the deadline, and ignores what it writes later', async () => {
    let lateWriteThrew = false;
    const port = await serve((req, res) => {
      armDeadline(res, 50, late);
      setTimeout(() => {
        try {
          res.writeHead(200);
          res.end('too late');
        } catch {
          lateWriteThrew = true;
        }
      }, 150);
    });
    const started = Date.now();
    const answer = await get(port);
    expect(answer).toMatchObject({ status: 503, body: 'Магазин перегружен' });
    expect(Date.now() - started).toBeLessThan(140);
    await new Promise((r) => setTimeout(r, 150));
    expect(lateWriteThrew).toBe(false);
  });

  it('cuts a stalled answer that had started, instead of leaving the socket open', async () => {
    const port = await serve((req, res) => {
      armDeadline(res, 50, late);
      res.writeHead(200);
      res.write('part');
    });
    const answer = await get(port);
    expect(answer.status).toBe(200);
    expect(answer.error ?? 'aborted').toMatch(/aborted|socket hang up|ECONNRESET/);
  });

  it('does nothing to an answer finished in time', async () => {
    const port = await serve((req, res) => {
      armDeadline(res, 50, late);
      res.end('ok');
    });
    expect(await get(port)).toMatchObject({ status: 200, body: 'ok' });
  });
});
