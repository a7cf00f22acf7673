/**
 * The pool's worker entry when the portal runs from its TypeScript sources (vitest, tsx):
 * worker threads on Node 20 do not inherit tsx's loader, so load cpu-tasks.ts through tsx's own
 * API. The built portal (dist) loads the compiled cpu-tasks.js directly and never reads this file.
 */
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport(new URL('./cpu-tasks.ts', import.meta.url).href, import.meta.url);

export default tasks.default;
