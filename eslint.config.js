import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // One-way imports (STYLE.md): shared imports neither side; web and server never each other.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  // Staff console routes only validate, call a service or repository, and send: queries live
  // in *.repository.ts, so the routes import neither Drizzle nor the tables. (A later block
  // replaces an earlier one's no-restricted-imports, so the server's web ban is repeated.)
  {
    files: ['src/server/modules/admin/*.routes.ts'],
    // until the lifecycle change lands
    ignores: ['src/server/modules/admin/admin-maintenance.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'] },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Admin routes call services/repositories; queries belong in a repository.',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: 'Admin routes call services/repositories; tables belong in a repository.',
            },
          ],
        },
      ],
    },
  },
);
