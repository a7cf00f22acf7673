import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import Cookies from 'js-cookie';
import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi } from 'vitest';

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
