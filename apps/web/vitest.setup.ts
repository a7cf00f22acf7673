import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import * as React from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * React's development build records where each element was made (its owner stack, for the
 * component stacks of its warnings): an Error with a 10-frame stack and a console.createTask for
 * up to 10,000 elements a second. In these tests that was about a tenth of the CPU (createElement
 * and jsx 17 % of label-purchase.test's profile, mostly that capture; issue 24). The tests run
 * without it: React still warns, and a warning still fails the test, with a shorter stack.
 * REACT_OWNER_STACKS=1 brings them back to find where a warning comes from.
 * React keeps the count in its internals and resets it each second; read as Infinity, no
 * element is recorded. Should React rename it, nothing breaks: the stacks come back.
 */
if (process.env.REACT_OWNER_STACKS !== '1') {
  const internals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => undefined });
  }
}

/**
 * jsdom 29 finds the control of a `<label for>` by walking the whole document, and a field's
 * `labels` asks every label on the page for its control: each accessible name Testing Library
 * computes (getByRole with a name, getByLabelText) walked the document once per label on the page,
 * 14 % of this suite's CPU (HTMLLabelElement's control getter, issue 24). jsdom 30 looks the id up
 * in the document's id index instead (jsdom/jsdom#4253) but needs Node 22: until the project moves
 * to it, the getter here does the same for a label in a document, and keeps jsdom's own elsewhere
 * (a label in a fragment or a detached tree, or one without `for`).
 */
const jsdomRequire = createRequire(import.meta.url);
const { implementation: LabelImpl } = jsdomRequire('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } };
const { isLabelable } = jsdomRequire('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable: (node: unknown) => boolean };
const byId = Symbol.for('airbox.labelControlById');
if (!(byId in LabelImpl.prototype)) {
  const jsdomControl = Object.getOwnPropertyDescriptor(LabelImpl.prototype, 'control')!.get!;
  type LabelNode = { getAttributeNS(ns: null, name: string): string | null; getRootNode(options: object): { nodeType: number; getElementById(id: string): unknown } };
  Object.defineProperty(LabelImpl.prototype, byId, { value: true });
  Object.defineProperty(LabelImpl.prototype, 'control', {
    configurable: true,
    get(this: LabelNode) {
      const id = this.getAttributeNS(null, 'for');
      const root = id ? this.getRootNode({}) : undefined;
      if (id === null || root?.nodeType !== Node.DOCUMENT_NODE) return jsdomControl.call(this);
      const control = root.getElementById(id);
      return control && isLabelable(control) ? control : null;
    },
  });
}

// Screens load lazily (as in the app): give them time on a busy machine.
configure({ asyncUtilTimeout: 5000, getElementError });

/**
 * Testing Library's error for a query that found nothing, with the document printed, as its own
 * default does, except on the tries of a waitFor or findBy*: those errors are thrown away until
 * the last, which waitFor hands back through this function again when it gives up (with the
 * document). Printing the whole page on every try was a tenth of some files' time.
 */
function getElementError(message: string | null, container: Element): Error {
  const trying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
  const page = trying ? '' : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`;
  const error = new Error([message, page].filter(Boolean).join('\n\n'));
  error.name = 'TestingLibraryElementError';
  return error;
}

/**
 * What React (a repeated key, an update outside act, an invalid prop) or a screen writes to
 * console.error during a test fails that test, written out as well. A test that expects an error
 * replaces this spy with its own (screen-error.test).
 */
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  const write = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
    write(...args);
  });
});

afterEach(() => {
  expect(consoleErrors, 'console.error during the test').toEqual([]);
});

afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  localStorage.clear();
});
