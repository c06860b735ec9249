/**
 * The console's YML import by URL (issue #32): a manager runs the existing importer on a feed a
 * local server publishes (allowed by ADMIN_IMPORT_ALLOW_HOSTS), and the run with its report is
 * listed; without the allow-list the same loopback address is refused (SSRF), as are other
 * schemes; an editor may not run imports.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../services/admin/catalogue-imports';
import { createTestApi, type TestApi } from '../../../test-utils';
import { adminCall, staffSession, type TestStaff } from '../test-utils';
import type { AddressInfo } from 'node:net';

let api: TestApi;
let manager: TestStaff;
let editor: TestStaff;
let feedServer: Server;
let base = '';
const oldAllow = process.env.ADMIN_IMPORT_ALLOW_HOSTS;

beforeAll(async () => {
  api = await createTestApi(8);
  manager = await staffSession(api, 'manager');
  editor = await staffSession(api, 'editor');
  const feed = await readFile(path.resolve(__dirname, '../../../../tests/fixtures/import/handoff.yml'));
  feedServer = createServer((req, res) => {
    if (req.url === '/feed.yml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(feed);
    } else if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://127.0.0.1:1/feed.yml' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (oldAllow === undefined) delete process.env.ADMIN_IMPORT_ALLOW_HOSTS;
  else process.env.ADMIN_IMPORT_ALLOW_HOSTS = oldAllow;
  await new Promise((resolve) => feedServer?.close(resolve));
  await api?.close();
});

describe('YML import by URL', () => {
  it('refuses loopback, private and non-http addresses without the allow-list', async () => {
    delete process.env.ADMIN_IMPORT_ALLOW_HOSTS;
    for (const url of [`${base}/feed.yml`, 'http://localhost/feed.yml', 'http://10.0.0.5/feed.yml', 'http://[::1]/f']) {
      const res = await adminCall(api, manager, 'POST', '/api/admin/imports/yml', { url });
      expect(res.status, url).toBe(400);
      expect(res.json.message, url).toMatch(/внутреннюю сеть/);
    }
    const ftp = await adminCall(api, manager, 'POST', '/api/admin/imports/yml', { url: 'file:///etc/passwd' });
    expect(ftp.status).toBe(400);
    expect(ftp.json.message).toMatch(/http/);
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('a manager imports a feed from an allowed host; the run and its report are listed', async () => {
    process.env.ADMIN_IMPORT_ALLOW_HOSTS = '127.0.0.1';
    const res = await adminCall(api, manager, 'POST', '/api/admin/imports/yml', { url: `${base}/feed.yml` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ source: 'yml', input: `${base}/feed.yml`, status: 'success' });
    expect(res.json.report).toBeTruthy();
    const list = await adminCall(api, manager, 'GET', '/api/admin/imports?sort=["id","DESC"]');
    expect(list.json[0]).toMatchObject({ id: res.json.id, status: 'success' });

    const missing = await adminCall(api, manager, 'POST', '/api/admin/imports/yml', { url: `${base}/none.yml` });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/ответил 404/);
    expect((await adminCall(api, editor, 'POST', '/api/admin/imports/yml', { url: `${base}/feed.yml` })).status).toBe(
      403,
    );
  });
});
