import { describe, expect, it } from 'vitest';
import { createAccessTokenCache } from './oauth-token-cache.js';

/** A token endpoint answering 'token-1', 'token-2', … when told to, counting the requests. */
function tokenEndpoint(expiresInSeconds = 3_600) {
  const waiting: (() => void)[] = [];
  let issued = 0;
  return {
    requests: () => issued,
    /** Answers every request waiting. */
    answer: () => waiting.splice(0).forEach((resolve) => resolve()),
    issue: async () => {
      issued += 1;
      const token = `token-${issued}`;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { accessToken: token, expiresInSeconds };
    },
  };
}

describe('access token cache', () => {
  it('makes one token request for callers waiting at once, and keeps the token', async () => {
    const endpoint = tokenEndpoint();
    const cache = createAccessTokenCache(endpoint.issue);
    const waiting = [cache.get(), cache.get(), cache.get()];
    endpoint.answer();
    expect(await Promise.all(waiting)).toEqual(['token-1', 'token-1', 'token-1']);
    expect(await cache.get()).toBe('token-1');
    expect(endpoint.requests()).toBe(1);
  });

  it('renews the token the margin before it expires', async () => {
    let now = 0;
    const endpoint = tokenEndpoint(600);
    const cache = createAccessTokenCache(endpoint.issue, { now: () => now, marginSeconds: 60 });
    const first = cache.get();
    endpoint.answer();
    expect(await first).toBe('token-1');
    now = 539_999;
    expect(await cache.get()).toBe('token-1');
    now = 540_000;
    const second = cache.get();
    endpoint.answer();
    expect(await second).toBe('token-2');
  });

  it('forgets a refused token once: a late refusal of the same token keeps its replacement', async () => {
    const endpoint = tokenEndpoint();
    const cache = createAccessTokenCache(endpoint.issue);
    const first = cache.get();
    endpoint.answer();
    await first;
    cache.invalidate('token-1');
    const second = cache.get();
    endpoint.answer();
    expect(await second).toBe('token-2');
    cache.invalidate('token-1');
    const third = cache.get();
    expect(endpoint.requests()).toBe(2);
    endpoint.answer();
    expect(await third).toBe('token-2');
  });

  it('fails the callers of a failed token request, and asks again on the next call', async () => {
    let fail = true;
    const cache = createAccessTokenCache(async () => {
      if (fail) throw new Error('refused');
      return { accessToken: 'token-ok', expiresInSeconds: 3_600 };
    });
    await expect(Promise.all([cache.get(), cache.get()])).rejects.toThrow('refused');
    fail = false;
    expect(await cache.get()).toBe('token-ok');
  });
});
