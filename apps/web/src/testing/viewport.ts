import { vi } from 'vitest';

/** jsdom has no layout: media queries match as `matches` says. */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** Make `min-width` media queries match, as on a desktop screen. */
export const stubDesktopViewport = () => stubMatchMedia((query) => query.includes('min-width'));

/** Make `max-width` media queries (the phone breakpoint) match, as on a phone. */
export const stubPhoneViewport = () => stubMatchMedia((query) => query.includes('max-width'));
