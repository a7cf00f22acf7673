#!/usr/bin/env node
// Part of `npm run lint`: fails when the server's module folders (apps/server/src/modules/*) import
// each other in a circle, of any length (DESIGN.md, "Imports flow one way"). import-x/no-cycle only
// sees files: auth.service.ts → users/ and users.service.ts → auth/ make no file cycle, yet the two
// folders depend on each other. Every import counts, `import type` too (it ties the folders as
// much); tests do not (nothing imports them).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Cycles known and being broken: lint passes while they last. Each is written as the check prints
 * it (from the folder first in alphabetical order). An entry whose cycle is gone fails the check
 * until it is removed, so this list cannot outlive its reason.
 */
const KNOWN_CYCLES = [];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = join(root, 'apps/server/src/modules');

/** The module folder a path lies in, or undefined outside apps/server/src/modules. */
function folderOf(path) {
  const inside = relative(modulesDir, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  return inside.split(sep)[0];
}

/** folder → folder it imports → the imports that make the arrow ("file:line"). */
const arrows = new Map();
const sources = readdirSync(modulesDir, { recursive: true })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => join(modulesDir, file));
for (const file of sources) {
  const from = folderOf(file);
  const text = readFileSync(file, 'utf8');
  for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const to = folderOf(resolve(dirname(file), specifier));
    if (to === undefined || to === from) continue;
    if (!arrows.has(from)) arrows.set(from, new Map());
    const targets = arrows.get(from);
    if (!targets.has(to)) targets.set(to, []);
    const line = text.slice(0, pos).split('\n').length;
    targets.get(to).push(`${relative(root, file)}:${line} (${specifier})`);
  }
}

/**
 * Every elementary cycle, each once: from each folder, paths through folders later in
 * alphabetical order that come back to it. The folder graph is small and nearly acyclic.
 */
function cycles() {
  const found = [];
  const folders = [...arrows.keys()].sort();
  for (const start of folders) {
    const walk = (folder, path) => {
      for (const next of [...(arrows.get(folder)?.keys() ?? [])].sort()) {
        if (next === start) found.push([...path, start]);
        else if (next > start && !path.includes(next)) walk(next, [...path, next]);
      }
    };
    walk(start, [start]);
  }
  return found;
}

const found = cycles().map((cycle) => ({ cycle, name: cycle.join(' → ') }));
const unknown = found.filter(({ name }) => !KNOWN_CYCLES.includes(name));
const stale = KNOWN_CYCLES.filter((name) => !found.some((cycle) => cycle.name === name));
const known = found.filter(({ name }) => KNOWN_CYCLES.includes(name));

for (const { name } of known) console.warn(`Module folders in a known cycle (allowed in scripts/check-module-cycles.mjs until it is broken): ${name}`);
if (unknown.length > 0) {
  console.error('Module folders import each other in a circle (DESIGN.md, "Imports flow one way"):');
  for (const { cycle, name } of unknown) {
    console.error(`\n  ${name}`);
    for (let i = 0; i + 1 < cycle.length; i += 1) {
      console.error(`    ${cycle[i]} → ${cycle[i + 1]}:`);
      for (const where of arrows.get(cycle[i]).get(cycle[i + 1])) console.error(`      ${where}`);
    }
  }
  console.error('\nBreak each circle: move what both sides need to the folder lower down, or pass it in.');
}
for (const name of stale) {
  console.error(`The known cycle "${name}" is gone: remove its entry from KNOWN_CYCLES in scripts/check-module-cycles.mjs.`);
}
if (unknown.length > 0 || stale.length > 0) process.exit(1);
