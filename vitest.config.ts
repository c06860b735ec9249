import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Unit, component and API tests (DESIGN.md conventions, 9: tests beside the code).
 * - node: lib/ and server/ (API tests through `app.request()` on an in-memory PGlite, or on
 *   PostgreSQL when TEST_DATABASE_URL is set).
 * - jsdom: components, features and stores.
 */
export default defineConfig({
  // `server-only` throws outside React's server condition; tests import server modules directly.
  resolve: { alias: { '@': root, 'server-only': `${root}node_modules/server-only/empty.js` } },
  esbuild: { jsx: 'automatic' },
  test: {
    globals: true,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            '*.test.ts',
            'deploy/**/*.test.ts',
            'lib/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'storefront-server/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'components/**/*.test.{ts,tsx}',
            'features/**/*.test.{ts,tsx}',
            'stores/**/*.test.{ts,tsx}',
            'lib/**/*.test.tsx',
          ],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
