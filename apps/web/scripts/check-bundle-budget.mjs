// The login route's JavaScript as first loaded, gzipped, against its budget (issue 12: 150 KB):
// the scripts dist/index.html loads (the entry may be folded into the chunk it imports, and then
// has no manifest entry of its own), their static imports (recursively) and the login route's
// own chunk when it is lazy. Then that no screen opened without signing in (public-screens.json)
// loads the signed-in shell's chunks, signed-in and dashboard-data (issue 24: register did, through
// a contract module), with each one's JavaScript after the first page. Reads Vite's manifest; exits
// 1 above the budget or when a public screen reaches the shell's chunks.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 149.6 KB on 2026-11-25: react-dom 60, react-router 28, MUI with emotion 45, the app and the
// contract's constants 13. TanStack Query, react-hook-form and zod load after the first page
// (README, "Measured"): what is added to the login route must be paid for there.
// 151.0 KB on 2026-11-26 with the dark theme following the device (issue 21 item 16), let through
// at 151.5 for a day; 149.8 KB on 2026-11-27 (issue 24): the first-page chunk no longer captures
// @mui/material/styles' index (whose enhanceHighContrast kept a dozen components' class names,
// 0.7 KB), and lib/cookies.ts reads and writes the readable cookies instead of js-cookie (0.4 KB net).
// 153,589 bytes (11 under) on 2026-11-27, then 151,364 (147.8 KB, 2,236 bytes under): the build
// leaves out react-router's NavLink and Form, unused but kept by their unannotated forwardRef calls
// and displayName (1.6 KB), MUI's default colour shades createPalette does not read (0.3 KB) and
// its Pigment CSS stringifyTheme (0.2 KB) (vite.config.ts). Measured and left: the toast's three
// icons (465 bytes if left out entirely, less the lazy import's own code, and the toast would be
// drawn without them at first) and the seven public backgrounds besides the login page's (174 bytes).
const BUDGET_KB = 150;
const LOGIN_ROUTE_MODULE = 'src/app/routes/login.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
/** The JavaScript files the keys' chunks load, their static imports included (recursively). */
function closure(keys) {
  const files = new Set();
  const collect = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  keys.forEach(collect);
  return files;
}
const gzipped = (files) => [...files].reduce((bytes, file) => bytes + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) / 1024;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script type="module"[^>]* src="\/app\/([^"]+\.js)"/g)].map(([, file]) => file);
if (scripts.length === 0) {
  console.error('check-bundle-budget: dist/index.html loads no module script');
  process.exit(1);
}
for (const file of scripts) {
  if (!byFile.has(file)) {
    console.error(`check-bundle-budget: ${file}, loaded by dist/index.html, is not in dist/.vite/manifest.json`);
    process.exit(1);
  }
}
// The login screen is in the entry today; should it become lazy, its chunk counts as well.
const files = closure([...scripts.map((file) => byFile.get(file)), ...(manifest[LOGIN_ROUTE_MODULE]?.isDynamicEntry ? [LOGIN_ROUTE_MODULE] : [])]);
const kb = gzipped(files);

console.log(`login route JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB) in ${files.size} file(s)`);
if (kb > BUDGET_KB) {
  console.error(`login route JS is over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}

// vite.config.ts's chunks: every screen but login sits in the query layout (router.tsx).
const chunkNamed = (name) => {
  const keys = Object.keys(manifest).filter((key) => manifest[key].name === name && !manifest[key].src);
  if (keys.length === 0) {
    console.error(`check-bundle-budget: no chunk is named ${name} in dist/.vite/manifest.json (vite.config.ts's chunkGroups)`);
    process.exit(1);
  }
  return keys;
};
const queryLayout = chunkNamed('query-layout');
// The signed-in shell's chunks, which no public screen needs: a screen loading one loads it all.
const shellFiles = new Set(['signed-in', 'dashboard-data'].flatMap((name) => chunkNamed(name).map((key) => manifest[key].file)));
const publicScreens = JSON.parse(readFileSync(join(dist, '..', 'public-screens.json'), 'utf8'));
const sizes = [];
let reachesShell = false;
for (const screen of publicScreens) {
  const key = `src/app/routes/${screen}.tsx`;
  if (!manifest[key]) {
    console.error(`check-bundle-budget: ${key} (public-screens.json) is not in dist/.vite/manifest.json`);
    process.exit(1);
  }
  const after = [...closure([...queryLayout, key])].filter((file) => !files.has(file));
  const shell = after.filter((file) => shellFiles.has(file));
  if (shell.length > 0) {
    console.error(`check-bundle-budget: the public screen ${screen} loads the signed-in shell's chunks (${shell.join(', ')}); see vite.config.ts's chunkGroups`);
    reachesShell = true;
  }
  sizes.push(`${screen} ${gzipped(after).toFixed(1)}`);
}
console.log(`public screens' JS after the first page, KB gzipped: ${sizes.join(', ')}`);
if (reachesShell) process.exit(1);
