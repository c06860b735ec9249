import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from './compile-hints.ts';
import { rawGet } from './http-get.test-helper.ts';
import {
  MIN_BYTES,
  precompressedStaticHandler,
  precompressStatic,
  prepareStaticFiles,
} from './precompressed-static.ts';
import type { AddressInfo } from 'node:net';

let dir: string;
let server: Server;
let port: number;
const chunk = `globalThis.x = ${JSON.stringify('купальник '.repeat(2000))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'static-'));
  mkdirSync(path.join(dir, 'chunks'));
  mkdirSync(path.join(dir, 'media'));
  writeFileSync(path.join(dir, 'chunks', 'app.js'), chunk);
  writeFileSync(path.join(dir, 'chunks', 'tiny.js'), 'x=1');
  writeFileSync(path.join(dir, 'media', 'font.woff2'), Buffer.alloc(4096, 7));
  const send = precompressedStaticHandler(dir);
  server = createServer((req, res) => {
    if (send(req, res)) return;
    res.writeHead(299, { 'content-type': 'text/plain' }).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressStatic (issue #14 item 17)', () => {
  it('writes brotli and gzip copies of chunks that decode to the file, and skips tiny and binary files', () => {
    const totals = precompressStatic(dir);
    expect(totals.files).toBe(1);
    const br = readFileSync(path.join(dir, 'chunks', 'app.js.br'));
    const gz = readFileSync(path.join(dir, 'chunks', 'app.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(chunk);
    expect(zlib.gunzipSync(gz).toString()).toBe(chunk);
    // Quality 11: smaller than what per-request brotli 4 gave.
    const q4 = zlib.brotliCompressSync(chunk, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.length).toBeLessThan(q4.length);
    expect(totals.brotliBytes).toBe(br.length);
    expect(Buffer.byteLength('x=1')).toBeLessThan(MIN_BYTES);
    expect(existsSync(path.join(dir, 'chunks', 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'media', 'font.woff2.br'))).toBe(false);
  });
});

describe('prepareStaticFiles (after next build)', () => {
  it('puts the compile hint on the chunks before compressing, so the copies browsers get carry it', () => {
    const built = mkdtempSync(path.join(tmpdir(), 'built-'));
    try {
      mkdirSync(path.join(built, 'chunks'));
      writeFileSync(path.join(built, 'chunks', 'app.js'), chunk);
      expect(prepareStaticFiles(built)).toEqual([
        'V8 compile hints added to 1 chunks',
        expect.stringMatching(/^1 static files compressed: /),
      ]);
      const hinted = `${COMPILE_HINT}\n${chunk}`;
      expect(readFileSync(path.join(built, 'chunks', 'app.js'), 'utf8')).toBe(hinted);
      expect(zlib.brotliDecompressSync(readFileSync(path.join(built, 'chunks', 'app.js.br'))).toString()).toBe(hinted);
      expect(zlib.gunzipSync(readFileSync(path.join(built, 'chunks', 'app.js.gz'))).toString()).toBe(hinted);
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });
});

describe('precompressedStaticHandler', () => {
  it('sends the brotli copy to a client that takes br, with the file’s caching headers', async () => {
    const answer = await rawGet(port, '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(chunk);
  });

  it('sends gzip to a client without br, and leaves identity-only clients and other files to Next', async () => {
    const gz = await rawGet(port, '/_next/static/chunks/app.js?v=1', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(chunk);
    const refused = await rawGet(port, '/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.status).toBe(299);
    expect((await rawGet(port, '/_next/static/chunks/app.js')).status).toBe(299);
    expect((await rawGet(port, '/_next/static/chunks/tiny.js', { 'accept-encoding': 'br' })).status).toBe(299);
    expect((await rawGet(port, '/_next/static/chunks/missing.js', { 'accept-encoding': 'br' })).status).toBe(299);
  });

  it('never reads outside the static folder', async () => {
    writeFileSync(path.join(path.dirname(dir), 'outside.js'), chunk);
    writeFileSync(path.join(path.dirname(dir), 'outside.js.br'), zlib.brotliCompressSync(chunk));
    for (const url of [
      '/_next/static/../outside.js',
      '/_next/static/%2e%2e/outside.js',
      '/_next/static/chunks/..%2f..%2foutside.js',
    ]) {
      expect((await rawGet(port, url, { 'accept-encoding': 'br' })).status).toBe(299);
    }
    rmSync(path.join(path.dirname(dir), 'outside.js'));
    rmSync(path.join(path.dirname(dir), 'outside.js.br'));
  });
});
