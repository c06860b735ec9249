import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BFF_MESSAGES, readCookie, relayToShopApi, rescopeSetCookie } from './bff-relay';
import type { AddressInfo } from 'node:net';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

let upstream: Server;
let apiBase = '';
let seen: Seen[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url?.startsWith('/api/v2/cart/')) {
        res.setHeader('set-cookie', [
          'cart_id=abc; Path=/; HttpOnly; SameSite=Lax; Domain=127.0.0.1',
          'other=1; Path=/',
        ]);
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ status: 'success', cart: { id: 'abc', items: [], count: 0, total: 0 } }));
        return;
      }
      if (req.url === '/api/v1/slow-body/') {
        // Head at once, the body after longer than the relay's timeout.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('a');
        setTimeout(() => res.end('b'), 300);
        return;
      }
      if (req.url === '/api/v1/empty/') {
        res.statusCode = 204;
        res.end();
        return;
      }
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'error', message: 'Не найдено' }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

const SITE = 'http://localhost:3000';

function browserRequest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(`${SITE}${path}`, { ...init, headers: { host: 'localhost:3000', ...init.headers } });
}

describe('relayToShopApi', () => {
  it('relays path with trailing slash, query, cookies, token and every Set-Cookie', async () => {
    seen = [];
    const response = await relayToShopApi(
      browserRequest('/api/v2/cart/?x=1&y=2', { headers: { cookie: 'cart_id=abc; token=tok%2B1' } }),
      { apiBase },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.getSetCookie()).toEqual(['cart_id=abc; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/']);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    await expect(response.json()).resolves.toMatchObject({ status: 'success' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v2/cart/?x=1&y=2' });
    expect(seen[0]!.headers.cookie).toBe('cart_id=abc; token=tok%2B1');
    expect(seen[0]!.headers.authorization).toBe('Token tok+1');
  });

  it('relays a same-origin POST body and the API status', async () => {
    seen = [];
    const response = await relayToShopApi(
      browserRequest('/api/v2/cart/', {
        method: 'POST',
        body: JSON.stringify({ offer: 1 }),
        headers: { origin: SITE, 'content-type': 'application/json' },
      }),
      { apiBase },
    );
    expect(response.status).toBe(200);
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"offer":1}' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers.origin).toBeUndefined();
  });

  it('relays 4xx answers as they are', async () => {
    const response = await relayToShopApi(browserRequest('/api/v1/missing/'), { apiBase });
    expect(response.status).toBe(404);
    await expect(response.json()).resolves.toEqual({ status: 'error', message: 'Не найдено' });
  });

  it('relays 204 without a body', async () => {
    const response = await relayToShopApi(browserRequest('/api/v1/empty/'), { apiBase });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('refuses an unsafe request from another origin with 403', async () => {
    seen = [];
    const response = await relayToShopApi(
      browserRequest('/api/v2/cart/', { method: 'DELETE', headers: { origin: 'https://evil.example' } }),
      { apiBase },
    );
    expect(response.status).toBe(403);
    await expect(response.json()).resolves.toEqual({ status: 'error', message: BFF_MESSAGES.foreignOrigin });
    expect(seen).toEqual([]);
  });

  it('accepts the public origin of SITE_URL, not one the browser names in X-Forwarded-Host', async () => {
    const forged = await relayToShopApi(
      browserRequest('/api/v2/cart/', {
        method: 'DELETE',
        headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      }),
      { apiBase },
    );
    expect(forged.status).toBe(403);
    const viaSiteUrl = await relayToShopApi(
      browserRequest('/api/v2/cart/', { method: 'DELETE', headers: { origin: 'https://www.shop.example' } }),
      { apiBase, siteUrl: 'https://www.shop.example' },
    );
    expect(viaSiteUrl.status).toBe(200);
  });

  it('never relays the forwarding headers the browser wrote (issue #12)', async () => {
    seen = [];
    await relayToShopApi(
      browserRequest('/api/v1/reset/', {
        method: 'POST',
        body: '{}',
        headers: {
          origin: 'https://shop.example',
          // What serve.mjs sets from its socket arrives last; the browser's own entries come first.
          'x-forwarded-for': '6.6.6.6, 203.0.113.7',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'http',
          forwarded: 'for=6.6.6.6;host=evil.example',
          'x-real-ip': '6.6.6.6',
          'x-shop-bff-secret': 'guessed-secret-guessed',
        },
      }),
      { apiBase, siteUrl: 'https://shop.example' },
    );
    const headers = seen[0]!.headers;
    expect(headers['x-forwarded-host']).toBe('shop.example');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-shop-bff-secret']).toBeUndefined();
  });

  it('relays a token cookie with control characters as anonymous, not as a 500', async () => {
    seen = [];
    const response = await relayToShopApi(
      browserRequest('/api/v2/cart/', { headers: { cookie: 'token=v1.%00%0A.x' } }),
      { apiBase },
    );
    expect(response.status).toBe(200);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('does not relay the API reference page, its OpenAPI document nor the database backup', async () => {
    seen = [];
    for (const path of ['/api/docs', '/api/docs/', '/api/openapi.json', '/api/v1/operator/backup']) {
      const response = await relayToShopApi(browserRequest(path), { apiBase });
      expect(response.status).toBe(404);
    }
    expect(seen).toEqual([]);
  });

  it('refuses a cross-site request without Origin but with Sec-Fetch-Site', async () => {
    const response = await relayToShopApi(
      browserRequest('/api/v2/cart/', { method: 'POST', body: '{}', headers: { 'sec-fetch-site': 'cross-site' } }),
      { apiBase },
    );
    expect(response.status).toBe(403);
  });

  it('answers 413 for a body over 1 MB, declared or streamed', async () => {
    seen = [];
    const big = 'x'.repeat(1024 * 1024 + 1);
    const declared = await relayToShopApi(
      browserRequest('/api/v2/cart/', { method: 'POST', body: big, headers: { origin: SITE } }),
      { apiBase },
    );
    expect(declared.status).toBe(413);
    await expect(declared.json()).resolves.toEqual({ status: 'error', message: BFF_MESSAGES.tooLarge });

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await relayToShopApi(
      new Request(`${SITE}/api/v2/cart/`, {
        method: 'POST',
        body: stream,
        headers: { origin: SITE },
        duplex: 'half',
      } as RequestInit),
      { apiBase },
    );
    expect(streamed.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it('sends the product feeds to their public addresses instead of relaying them (issue #28)', async () => {
    seen = [];
    for (const name of ['yml.xml', 'google-merchant.xml']) {
      const response = await relayToShopApi(browserRequest(`/api/v1/feeds/${name}`), { apiBase });
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe(`/${name}`);
    }
    expect(seen).toEqual([]);
  });

  it('bounds the wait for the answer head, never a body under way (issue #28)', async () => {
    const response = await relayToShopApi(browserRequest('/api/v1/slow-body/'), { apiBase, timeoutMs: 100 });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ab');
  });

  it('answers 502 with a Russian message when the API is down', async () => {
    const response = await relayToShopApi(browserRequest('/api/v2/cart/'), { apiBase: 'http://127.0.0.1:1' });
    expect(response.status).toBe(502);
    await expect(response.json()).resolves.toEqual({ status: 'error', message: 'Сервис временно недоступен' });
  });
});

describe('helpers', () => {
  it('readCookie finds one cookie', () => {
    expect(readCookie('a=1; token=x%20y; b=2', 'token')).toBe('x y');
    expect(readCookie('tokenx=1', 'token')).toBeUndefined();
    expect(readCookie(null, 'token')).toBeUndefined();
  });

  it('rescopeSetCookie drops Domain only', () => {
    expect(rescopeSetCookie('a=1; Domain=.api.example; Path=/; HttpOnly')).toBe('a=1; Path=/; HttpOnly');
  });
});
