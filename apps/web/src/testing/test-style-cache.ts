import createCache, { type StylisElement, type StylisPlugin } from '@emotion/cache';

/**
 * The only CSS properties anything in these tests reads: Testing Library and jest-dom tell a
 * hidden element from `display`, `visibility` and `opacity`, and user-event refuses to click
 * through `pointer-events: none`. jsdom has no layout, so every other declaration only costs
 * time: its getComputedStyle matches and applies every rule for each element it is asked about,
 * and a `getByRole` query asks it for every ancestor of every candidate (with MUI's styles in
 * the document, about a third of the suite's time).
 */
const READ_IN_TESTS = new Set(['display', 'visibility', 'opacity', 'pointer-events']);

// stylis's element types (its DECLARATION and RULESET constants).
const DECLARATION = 'decl';
const RULESET = 'rule';

const isReadInTests = (element: StylisElement) => element.type !== DECLARATION || READ_IN_TESTS.has(String(element.props));

/**
 * Drops the declarations tests never read before emotion writes them into the document. A rule
 * left with none is not written at all; every value of the properties kept is, so the cascade
 * decides what is hidden exactly as it does with the whole style sheet.
 */
const onlyWhatTestsRead: StylisPlugin = (element) => {
  if (element.type === DECLARATION && !isReadInTests(element)) {
    element.value = '';
    element.return = '';
  } else if (element.type === RULESET && Array.isArray(element.children) && !element.children.some(isReadInTests)) {
    element.props = [];
  }
};

/**
 * The style cache the screens render with in tests (renderApp puts it around the app). `speedy`:
 * its rules go into one style element through insertRule, as in production, instead of a
 * `<style>` element each (emotion's development default): jsdom's getComputedStyle walks every
 * style sheet of the document for each element, and a worker's document held 500 to 2,000 of
 * them. The web unit tests alone took 141 s and 270 s of CPU with one sheet a rule, 117-124 s and
 * 219-233 s with one sheet (issue 24). A test reads the rules from the sheets' rule lists.
 */
export function createTestStyleCache() {
  return createCache({ key: 'test', stylisPlugins: [onlyWhatTestsRead], speedy: true });
}
