/** The storefront server's response class (scripts/serve.mjs): one Location, no internal rewrite path. */
import { createServer, request, type Server } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { SingleLocationResponse } from './storefront-response.mjs';
import type { AddressInfo } from 'node:net';

let server: Server;
afterAll(() => server?.close());

it('keeps one Location and never sends x-middleware-rewrite (issue #12)', async () => {
  server = createServer({ ServerResponse: SingleLocationResponse }, (req, res) => {
    res.setHeader('x-middleware-rewrite', '/cached/YnJhbmQ9bWFhamk/kupalniki');
    res.appendHeader('x-middleware-rewrite', '/cached/x');
    res.setHeader('location', ['/a', '/a']);
    res.appendHeader('location', '/b');
    res.statusCode = 308;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve) => {
    request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (res) => {
      res.resume();
      resolve(res.headers);
    }).end();
  });
  expect(headers['x-middleware-rewrite']).toBeUndefined();
  expect(headers.location).toBe('/b');
});
