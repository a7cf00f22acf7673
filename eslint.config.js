import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under `dir`: one zone each, so that no feature (or module) imports another. */
const folders = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const webFeatures = './apps/web/src/features';
const server = './apps/server/src';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Resolve imports as TypeScript does ('./x.js' is './x.ts'), so the import rules see every arrow.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // server.ts → app → plugins/routes/jobs → modules → providers/db → config/contract (DESIGN.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: `${server}/modules`, from: [`${server}/routes`, `${server}/plugins`, `${server}/jobs`, `${server}/app.ts`] },
            { target: `${server}/providers`, from: [`${server}/modules`, `${server}/routes`, `${server}/plugins`, `${server}/jobs`] },
            { target: `${server}/db`, from: [`${server}/routes`, `${server}/plugins`, `${server}/jobs`, `${server}/providers`] },
            { target: `${server}/jobs`, from: [`${server}/routes`, `${server}/plugins`] },
            { target: `${server}/routes`, from: [`${server}/plugins`] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow shared → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...folders(webFeatures).map((feature) => ({ target: `${webFeatures}/${feature}`, from: webFeatures, except: [`./${feature}`] })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/config', from: ['./apps/web/src/features', './apps/web/src/app'] },
          ],
        },
      ],
    },
  },
);
