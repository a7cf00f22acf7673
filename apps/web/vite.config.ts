import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
/** The screens opened without signing in, each src/app/routes/<name>.tsx (router.tsx); scripts/check-bundle-budget.mjs reads it too. */
import PUBLIC_SCREENS from './public-screens.json';

/**
 * The app's chunks, each the modules reached from its entries through static imports:
 * - first-page: main.tsx's (the login route): one request and one gzip stream instead of a dozen
 *   small chunks shared with lazy screens.
 * - query-layout: the layout around every screen but login, signed in or not.
 * - shared (before the two below): what the signed-in shell and the dashboard's calls share with
 *   the public screens, split by the screens that use it (rolldown's entriesAware, small parts
 *   merged): a public screen opened from a link in a mail (a password reset) loads neither the
 *   signed-in chunk (scripts/check-bundle-budget.mjs says so after each build) nor dashboard-data.
 *   Before the groups that would otherwise take these modules as their own modules' dependencies
 *   (includeDependenciesRecursively).
 * - dashboard-data: the dashboard's calls (routes/dashboard-data) with what they need that no
 *   public screen does (0.5 KB gzipped; the rest is in shared), so that they leave before the rest
 *   of the signed-in shell has loaded.
 * - signed-in: the signed-in layout, the dashboard and the screens' error boundary, whatever else
 *   signed-in screens share with them (issue 24: the dashboard loaded 56 files, 45 of them on one
 *   level of imports, six at a time over HTTP/1.1: 4.0 s to its largest paint at Lighthouse's slow
 *   4G against 3.0 s in 7 files, medians of 5 in one run).
 * Packages reached through an index that re-exports everything (zod, dayjs, TanStack Query,
 * @mui/system, @mui/material/styles) are not followed: each group still takes the modules its own
 * ones use (rolldown's includeDependenciesRecursively), but following an index would capture
 * modules only other screens use (the styles index's enhanceHighContrast brought a dozen
 * components' class names onto the first page, 0.7 KB gzipped). The contract's index is followed
 * by name: a module goes on to the contract modules defining the names it imports from
 * '@airbox/contract'. Left at the index, a contract module that signed-in and public screens both
 * use (locker-doors) went to the signed-in group with the modules using it, and register,
 * show-qr-code and pickup-share loaded the signed-in chunk (17 KB).
 */
function chunkGroups() {
  const reachedThroughIndex =
    /node_modules\/(zod|dayjs|@tanstack\/[^/]+|@mui\/system)\/|node_modules\/@mui\/material\/styles\/index\.mjs$/;
  const contractIndex = /packages\/contract\/dist\/index\.js$/;
  /** The names a module imports or re-exports from '@airbox/contract' (`import { a, type B, c as d }`). */
  const contractImports = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["']@airbox\/contract["']/g;
  const entries = {
    firstPage: /\/src\/main\.tsx$/,
    queryLayout: /\/src\/app\/layouts\/query-layout\.tsx$/,
    dashboardData: /\/src\/app\/routes\/dashboard-data\.ts$/,
    signedIn: /\/src\/app\/(layouts\/signed-in-layout|routes\/(dashboard|screen-error))\.tsx$/,
    publicScreens: new RegExp(`/src/app/routes/(${PUBLIC_SCREENS.join('|')})\\.tsx$`),
  };
  const reached = Object.fromEntries(Object.keys(entries).map((name) => [name, new Set<string>()])) as Record<keyof typeof entries, Set<string>>;
  const path = (id: string) => id.replaceAll('\\', '/');
  const plugin: Plugin = {
    name: 'airbox:chunk-groups',
    apply: 'build',
    buildEnd() {
      const index = [...this.getModuleIds()].find((id) => contractIndex.test(path(id)));
      if (index === undefined) this.error('chunk-groups: the contract\'s index is not in the build (apps/web/vite.config.ts)');
      // The contract's index only re-exports its modules (`export *`): each name's module, through
      // their own `export *` too (customs re-exports countries).
      const definedIn = new Map<string, string>();
      const read = new Set<string>();
      const define = (id: string): void => {
        if (read.has(id)) return;
        read.add(id);
        const info = this.getModuleInfo(id);
        for (const name of info?.exports ?? []) if (name !== '*') definedIn.set(name, id);
        if (info?.exports.includes('*')) for (const imported of info.importedIds) if (/packages\/contract\//.test(path(imported))) define(imported);
      };
      for (const id of this.getModuleInfo(index)?.importedIds ?? []) define(id);
      // Each module's imports, read once for the five walks.
      const importsRead = new Map<string, readonly string[]>();
      const importsOf = (id: string): readonly string[] => {
        const known = importsRead.get(id);
        if (known) return known;
        const info = this.getModuleInfo(id);
        const imported = info?.importedIds ?? [];
        if (!imported.includes(index)) return imported;
        const names = [...(info?.code ?? '').matchAll(contractImports)].flatMap(([, list]) =>
          list!.split(',').map((item) => item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!),
        );
        const contract = names.map((name) => {
          const module = definedIn.get(name);
          if (module === undefined) this.error(`chunk-groups: ${name}, imported from '@airbox/contract' by ${id}, is defined by no contract module`);
          return module;
        });
        // An import the pattern does not read (`import * as`) stops at the index, as other packages' do.
        const followed = [...imported.filter((module) => module !== index), ...contract];
        importsRead.set(id, followed);
        return followed;
      };
      for (const [name, entry] of Object.entries(entries) as [keyof typeof entries, RegExp][]) {
        const modules = reached[name];
        modules.clear();
        const pending = [...this.getModuleIds()].filter((id) => entry.test(path(id)));
        if (pending.length === 0) this.error(`chunk-groups: no module is ${entry} (apps/web/vite.config.ts)`);
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (modules.has(id) || reachedThroughIndex.test(path(id)) || id === index) continue;
          modules.add(id);
          pending.push(...importsOf(id));
        }
      }
    },
  };
  const groups = [
    { name: 'first-page', test: (id: string) => reached.firstPage.has(id) },
    { name: 'query-layout', test: (id: string) => reached.queryLayout.has(id) },
    {
      name: 'shared',
      test: (id: string) => (reached.signedIn.has(id) || reached.dashboardData.has(id)) && reached.publicScreens.has(id),
      entriesAware: true,
      // Any part smaller is merged into its nearest: two chunks today (16 and 23 KB gzipped). A
      // threshold of 60 KB gives the mail's screens 15 KB less (active 25 → 10 KB after the first
      // page) and the dashboard 3 files more (10 in all), which cost its largest paint a round trip.
      entriesAwareMergeThreshold: 300_000,
    },
    { name: 'dashboard-data', test: (id: string) => reached.dashboardData.has(id) && !reached.publicScreens.has(id) },
    { name: 'signed-in', test: (id: string) => reached.signedIn.has(id) },
  ];
  return { plugin, groups };
}

const chunks = chunkGroups();

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module (vi.mock, vi.doMock). They run isolated: a mock cannot
 * reach a module another file already loaded, and would stay for the files after it.
 */
function testFilesThatMock(): string[] {
  const root = new URL('./', import.meta.url);
  return readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' })
    .map((name) => `src/${name.replaceAll('\\', '/')}`)
    .filter((path) => /\.test\.tsx?$/.test(path) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(new URL(path, root), 'utf8')));
}

/**
 * react-router's package exports name only its development build, warnings and checks included
 * (remix-run/react-router#14102): a build takes its production build instead, 30 KB less
 * minified on the first page. The dev server and the tests keep the development one.
 */
const reactRouterBuild = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const productionReactRouter = [
  { find: /^react-router$/, replacement: join(reactRouterBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterBuild, 'dom-export.mjs') },
];

/**
 * MUI's createTheme imports its CSS-variables theme builder (createThemeWithVars, with the CSS
 * variables' parser: about 4 KB gzipped on the login route) whether or not a theme asks for CSS
 * variables. Neither the app's themes (lib/theme.ts) nor MUI's default theme do, and for them
 * createTheme calls only createThemeNoVars: in a build the builder is a function that says it was
 * left out, should a theme ever ask for CSS variables. Likewise createThemeNoVars's stringifyTheme,
 * which it sets as theme.toRuntimeSource for Pigment CSS's build (0.2 KB), unused by an Emotion
 * app. Tests and the dev server keep MUI as it is.
 */
function themeWithoutCssVariables(): Plugin {
  const leftOut = '\0airbox:theme-without-css-variables';
  const noRuntimeSource = '\0airbox:theme-without-runtime-source';
  return {
    name: 'airbox:theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer !== undefined && /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer);
      if (fromCreateTheme && source === './createThemeWithVars.mjs') return leftOut;
      const fromNoVars = importer !== undefined && /@mui[\\/]material[\\/]styles[\\/]createThemeNoVars\.mjs$/.test(importer);
      return fromNoVars && source === './stringifyTheme.mjs' ? noRuntimeSource : null;
    },
    load(id) {
      if (id === noRuntimeSource) return "export function stringifyTheme() { throw new Error('Pigment CSS runtime themes are left out of the build (apps/web/vite.config.ts)'); }";
      if (id !== leftOut) return null;
      return "export default function createThemeWithVars() { throw new Error('CSS-variables themes are left out of the build (apps/web/vite.config.ts)'); }";
    },
  };
}

/**
 * MUI's createPalette imports six of its colour objects (purple, red, orange, blue, lightBlue,
 * green: 14 shades each) for the default primary, secondary, error, warning, info and success,
 * and reads five or six shades of each. In a build createPalette gets objects holding just the
 * shades it reads, with the same values, taken from MUI's own files (0.3 KB gzipped off the login
 * route). grey and common are left whole (the palette hands them on); anything else importing a
 * colour gets MUI's full object.
 */
function paletteDefaultsOnly(): Plugin {
  const prefix = '\0airbox:palette-defaults:';
  const createPalette = /@mui[\\/]material[\\/]styles[\\/]createPalette\.mjs$/;
  return {
    name: 'airbox:palette-defaults-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined || !createPalette.test(importer)) return null;
      const colour = /^\.\.\/colors\/(purple|red|orange|blue|lightBlue|green)\.mjs$/.exec(source)?.[1];
      return colour ? `${prefix}${colour}|${importer}` : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const [colour, importer] = id.slice(prefix.length).split('|') as [string, string];
      // The shades read as colour[shade]; any other use (the object handed on) keeps MUI's file.
      const read = new Set<string>();
      const visit = (node: unknown, parent?: Record<string, unknown>): void => {
        if (Array.isArray(node)) return node.forEach((child) => visit(child, parent));
        if (typeof node !== 'object' || node === null) return;
        const current = node as Record<string, unknown>;
        if (current.type === 'Identifier' && current.name === colour) {
          const property = parent?.type === 'MemberExpression' && parent.object === current && parent.computed ? (parent.property as { value?: unknown }) : undefined;
          if (typeof property?.value === 'number' || typeof property?.value === 'string') read.add(String(property.value));
          else if (parent?.type !== 'ImportDefaultSpecifier') throw new Error(`palette-defaults-only: createPalette uses ${colour} whole (apps/web/vite.config.ts)`);
        }
        for (const [key, child] of Object.entries(current)) if (key !== 'type') visit(child, current);
      };
      visit(this.parse(readFileSync(importer, 'utf8')));
      const colours = readFileSync(join(dirname(importer), '..', 'colors', `${colour}.mjs`), 'utf8');
      const kept = [...colours.matchAll(/^\s*(\w+): '(#[0-9a-f]{6})',?$/gm)].filter(([, shade]) => read.has(shade ?? ''));
      if (kept.length !== read.size) throw new Error(`palette-defaults-only: ${colour} has not every shade of ${[...read].join(', ')}`);
      return `export default { ${kept.map(([, shade, value]) => `${shade}: '${value}'`).join(', ')} };`;
    },
  };
}

/**
 * react-router's production build defines Link, NavLink and Form as `React.forwardRef(...)`
 * calls without a pure annotation, each followed by a displayName assignment: unused, NavLink and
 * Form (with useSubmit, useFormAction and the form-submission helpers) stayed on the login route,
 * 1.6 KB gzipped. In a build those calls are marked pure and NavLink's and Form's displayName
 * (read only by React's developer tools) dropped, so they are left out unless a screen uses them.
 */
function reactRouterWithoutUnusedComponents(): Plugin {
  const displayNames = /^(NavLink|Form)\.displayName = "\w+";$/gm;
  let dropped = 0;
  return {
    name: 'airbox:react-router-without-unused-components',
    apply: 'build',
    buildStart() {
      dropped = 0;
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id)) return null;
      dropped += [...code.matchAll(displayNames)].length;
      return { code: code.replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1').replace(displayNames, ''), map: null };
    },
    buildEnd() {
      if (dropped !== 2) this.warn("react-router's NavLink and Form were not found as expected: they may be back on the login route");
    },
  };
}

// The app is served under /app/ by the server; in development the API is proxied to it.
export default defineConfig(({ command }) => ({
  base: '/app/',
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
  plugins: [
    react(),
    chunks.plugin,
    themeWithoutCssVariables(),
    reactRouterWithoutUnusedComponents(),
    paletteDefaultsOnly(),
    // Pre-compressed copies of every asset for the server to send as they are; originals are kept.
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(html|css|js|mjs|json|svg|txt|map)$/,
      skipIfLargerOrEqual: false,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    modulePreload: {
      // No polyfill on the first page: every browser the app supports has modulepreload (Safari
      // since 17); an older one only loads a lazy screen's imports one after another.
      polyfill: false,
      // The first page lists no preloads for the lazy screens: a screen's chunk brings its own
      // imports when it loads (one more round trip on the first visit of a screen), so a new or
      // larger screen adds nothing to the login route's JavaScript. Lazy chunks keep their lists.
      resolveDependencies: (_filename, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)first-page-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
    rolldownOptions: {
      treeshake: {
        // These packages' modules only define things but do not say so (the contract declares
        // "sideEffects": false itself): unused ones are left out of the login route. dayjs's
        // plugins; hoist-non-react-statics, CommonJS, which @emotion/react imports for a withTheme
        // the app never calls, with its own older react-is.
        moduleSideEffects: (id: string) => !/node_modules\/(dayjs|hoist-non-react-statics|react-is)\//.test(id),
      },
      output: {
        codeSplitting: { groups: chunks.groups },
        // The shared group's parts are named after every screen using them (over 100 characters).
        chunkFileNames: ({ name }) => `assets/${name.startsWith('shared~') ? 'shared' : '[name]'}-[hash].js`,
      },
    },
  },
  server: {
    proxy: {
      '/app/v1': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
    // Every core: vitest's default leaves one for itself, half of this 2-core machine, while
    // the main process is mostly idle (239 s instead of 128 s here).
    maxWorkers: '100%',
    projects: [
      {
        // These files share one jsdom and one module graph per worker instead of a new process,
        // jsdom and app import each (about a third of the suite's CPU time on a 2-core machine).
        // What a test changes is undone after it (vitest.setup.ts, restoreMocks, unstubGlobals).
        extends: true,
        test: { name: 'shared', include: [TESTS], exclude: testFilesThatMock(), isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: testFilesThatMock(), isolate: true } },
    ],
  },
}));
