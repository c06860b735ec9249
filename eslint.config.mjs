/**
 * Lint (flat config): Next's core-web-vitals + TypeScript rules, and the import boundaries of
 * DESIGN.md: `lib`, `components`, `stores` ← `features` ← `app`; features do not import each other;
 * nothing on the storefront imports `server/`; the server imports only the contract from `lib/`.
 */
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

const FEATURES = [
  'account',
  'auth',
  'basket',
  'catalog',
  'checkout',
  'content',
  'favorites',
  'navigation',
  'popups',
  'product',
  'search',
  'seo',
];

const featureZones = FEATURES.map((name) => ({
  target: `./features/${name}`,
  from: './features',
  except: [`./${name}`],
  message: 'Фичи не импортируют друг друга: соберите их на странице или в layout (DESIGN.md).',
}));

const config = [
  {
    ignores: [
      '.next/**',
      // Every build folder (.next-test-*, .next-cluster, audits' and dev servers'), as .gitignore.
      '.next-*/**',
      '.cluster/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'playwright-report/**',
      'test-results/**',
      'server/db/migrations/**',
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    settings: { 'import/resolver': { typescript: { project: './tsconfig.json' } }, 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./app', './features', './components', './stores', './lib'],
              from: './server',
              message: 'Витрина — чистый клиент контракта: server/ не импортируется (DESIGN.md).',
            },
            {
              target: './server',
              from: ['./app', './features', './components', './stores'],
              message: 'API импортирует из витрины только контракт lib/api/contract.',
            },
            {
              target: ['./lib', './components', './stores'],
              from: ['./features', './app'],
              message: 'lib, components, stores ← features ← app (DESIGN.md).',
            },
            { target: './features', from: './app', message: 'features не импортируют app/.' },
            {
              target: './components',
              from: './stores',
              message: 'components — презентационные, без состояния магазина.',
            },
            {
              target: ['./app', './features', './components', './stores', './lib', './server', './storefront-server'],
              from: './scripts',
              message:
                'scripts/ — команды для людей (старт, замеры, аудиты): код магазина их не импортирует (issue #31).',
            },
            ...featureZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One import order everywhere (issue #17 item 8); `eslint --fix` sorts them.
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index', 'type'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'storefront-server/**', 'tests/**', '*.config.*'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  // Formatting is Prettier's (`prettier --check` runs in `npm run lint`): no style rules here.
  prettier,
];

export default config;
