/**
 * The API's reference page at /api/docs (issue #12 item 8): Swagger UI from the pinned
 * `swagger-ui-dist` package, served by the API itself from /api/docs/assets/, so the page loads no
 * script from a CDN and runs under a CSP of 'self' only. It reads the OpenAPI document of
 * /api/openapi.json. The storefront does not relay either path (lib/api/bff-relay.ts).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ApiApp } from '../types';

const require = createRequire(import.meta.url);
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page needs, with their content types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// An own script file, not inline, so the page's CSP needs no 'unsafe-inline' for scripts.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#app', deepLinking: true });
});
`;

const PAGE = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Shop API</title>
<link rel="icon" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="app"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

/** CSP of the reference page: everything from the API's own origin; Swagger UI sets inline styles. */
export const API_DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Registers GET /api/docs and GET /api/docs/assets/{file}.
 * Unknown asset names answer the app's 404; files are cached for a day (the version is pinned).
 */
export function registerApiReference(app: ApiApp) {
  app.get('/api/docs', (c) => {
    c.header('content-security-policy', API_DOCS_CSP);
    return c.html(PAGE);
  });
  app.get('/api/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    if (file === 'init.js') {
      c.header('content-type', 'text/javascript; charset=utf-8');
      c.header('cache-control', 'public, max-age=86400');
      return c.body(INIT);
    }
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return c.notFound();
    const body = await readFile(path.join(DIST, file));
    c.header('content-type', type);
    c.header('cache-control', 'public, max-age=86400');
    return c.body(body);
  });
}
