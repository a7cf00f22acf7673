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

/**
 * An errorcode is compared and answered by its contract name (LOGIN_ERRORCODE.wrongCredentials,
 * READ_ERRORCODE.ok), never as a bare number. `errorcode`: a variable, a property or an optional
 * property; a number: 1, or -1.
 */
const errorcodeAt = (path) => [`[${path}.name="errorcode"]`, `[${path}.property.name="errorcode"]`, `[${path}.expression.property.name="errorcode"]`];
const numberAt = (path) => [`[${path}.raw=/^\\d/]`, `[${path}.operator="-"][${path}.argument.raw=/^\\d/]`];
const pairs = (left, right) => left.flatMap((a) => right.map((b) => `${a}${b}`));
const bareErrorcode = (selector, message) => ({ selector, message: `${message}: use its name from the contract (LOGIN_ERRORCODE.signedIn, READ_ERRORCODE.ok, ...).` });
const comparingErrorcode = [
  ...pairs(errorcodeAt('left'), numberAt('right')),
  ...pairs(numberAt('left'), errorcodeAt('right')),
].map((sides) => bareErrorcode(`BinaryExpression[operator=/^[!=]==?$/]${sides}`, 'An errorcode compared with a bare number'));
const switchingOnErrorcode = pairs(
  errorcodeAt('discriminant').map((discriminant) => `SwitchStatement${discriminant} > SwitchCase`),
  numberAt('test'),
).map((selector) => bareErrorcode(selector, 'A case of an errorcode written as a bare number'));
/** Source only: test answers and fixtures stand for any server, so they write the codes as numbers. */
const answeringErrorcode = [
  ...['value', 'value.consequent', 'value.alternate'].flatMap((path) => numberAt(path).map((n) => `Property[key.name="errorcode"]${n}`)),
  ...numberAt('arguments.0').map((n) => `NewExpression[callee.name="ApiError"]${n}`),
  ...numberAt('arguments.1').map((n) => `NewExpression[callee.name="AppError"]${n}`),
].map((selector) => bareErrorcode(selector, 'An errorcode written as a bare number'));

/** server.ts → app → plugins/routes/jobs → modules → providers/db → config/contract (DESIGN.md). */
const serverZones = [
  { target: `${server}/modules`, from: [`${server}/routes`, `${server}/plugins`, `${server}/jobs`, `${server}/app.ts`] },
  { target: `${server}/providers`, from: [`${server}/modules`, `${server}/routes`, `${server}/plugins`, `${server}/jobs`] },
  { target: `${server}/db`, from: [`${server}/routes`, `${server}/plugins`, `${server}/jobs`, `${server}/providers`] },
  { target: `${server}/jobs`, from: [`${server}/routes`, `${server}/plugins`] },
  { target: `${server}/routes`, from: [`${server}/plugins`] },
  {
    target: `${server}/context.ts`,
    from: [`${server}/modules`, `${server}/routes`, `${server}/plugins`, `${server}/jobs`, `${server}/app.ts`],
    message: 'The app context is what modules are given: it names providers, db and config, never a module or a layer above.',
  },
];
/** What plugins decorate the app with that is a provider (plugins/*.ts). */
const providerDecorations = ['barcodes', 'carriers', 'mail', 'payments', 'sms', 'uspsPickups', 'wallet'];

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
    // import-x reads the modules an import reaches only with the extensions and parser named here:
    // without them, no-cycle saw no TypeScript module's imports and found cycles among the scripts
    // only (a cycle of two .ts files passed lint until 2026-11-29). ignoreExternal: a cycle cannot
    // pass through a package, and following imports into them took 13 s of lint's 39.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...comparingErrorcode, ...switchingOnErrorcode] },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...comparingErrorcode, ...switchingOnErrorcode, ...answeringErrorcode] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // Routes call services, never a provider or a repository: not by import, nor through the app's decorations.
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverZones,
            { target: `${server}/routes`, from: `${server}/providers`, message: 'Routes call services, not providers (DESIGN.md): let a module\'s service do it.' },
            {
              target: `${server}/routes`,
              from: `${server}/modules/**/*.repository.ts`,
              message: 'Routes call services, not repositories (DESIGN.md): let a module\'s service run the query.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        ...providerDecorations.map((property) => ({
          object: 'app',
          property,
          message: 'Routes call services, not providers (DESIGN.md): pass `app` to a module\'s service that uses it.',
        })),
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
