/** The storefront server's response class (storefront-server/serve.ts): one Location keeping the query, no internal rewrite path. */
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { SingleLocationResponse, withQuery } from './storefront-response.ts';
import type { AddressInfo } from 'node:net';

let server: Server<typeof IncomingMessage, typeof SingleLocationResponse>;
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

/** GET `target` on a server that answers `status` with Location `location`; the Location received. */
async function locationOf(target: string, status: number, location: string, method = 'GET') {
  const local = createServer({ ServerResponse: SingleLocationResponse }, (req, res) => {
    // Next may rewrite req.url while routing: the query kept is the one the client sent.
    req.url = '/cached/-/kupalniki/1';
    res.setHeader('location', location);
    res.statusCode = status;
    res.end();
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise<string | undefined>((resolve) => {
      const port = (local.address() as AddressInfo).port;
      request({ host: '127.0.0.1', port, path: target, method }, (res) => {
        res.resume();
        resolve(res.headers.location);
      }).end();
    });
  } finally {
    local.close();
  }
}

it('keeps the query of a permanently redirected GET (issue #14: feed links to a moved product)', async () => {
  const moved = '/kupalniki/slitnye/1/novyj-slug';
  expect(await locationOf('/kupalniki/1?color=chernyj&size=42', 308, moved)).toBe(`${moved}?color=chernyj&size=42`);
  expect(await locationOf('/kupalniki/1?utm_source=vk', 301, moved)).toBe(`${moved}?utm_source=vk`);
  // A target with its own query, a temporary redirect, a POST and another site keep their Location.
  expect(await locationOf('/profile?x=1', 308, '/?login=1')).toBe('/?login=1');
  expect(await locationOf('/profile?x=1', 307, '/')).toBe('/');
  expect(await locationOf('/a?x=1', 308, moved, 'POST')).toBe(moved);
  expect(await locationOf('/a?x=1', 308, 'https://example.ru/b')).toBe('https://example.ru/b');
  expect(await locationOf('/a', 308, moved)).toBe(moved);
});

it('puts the query before the fragment of the target and leaves protocol-relative targets alone', () => {
  expect(withQuery('/a#top', 'x=1')).toBe('/a?x=1#top');
  expect(withQuery('//evil.example/a', 'x=1')).toBe('//evil.example/a');
  expect(withQuery(undefined, 'x=1')).toBeUndefined();
});

it('takes the close listeners of this layer and of Next without a leak warning (issue #31 item 5)', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  // 11 'close' listeners when the head is written, more while Next streams (a production worker).
  const local = createServer({ ServerResponse: SingleLocationResponse }, (_req, res) => {
    for (let i = 0; i < 20; i += 1) res.once('close', () => {});
    res.end('ok');
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => {
    request({ host: '127.0.0.1', port: (local.address() as AddressInfo).port, path: '/' }, (res) => {
      res.resume();
      res.once('end', resolve);
    }).end();
  });
  await new Promise((resolve) => setImmediate(resolve));
  local.close();
  process.off('warning', onWarning);
  expect(warnings).not.toContain('MaxListenersExceededWarning');
});
