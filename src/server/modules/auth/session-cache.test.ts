import { describe, expect, it, vi } from 'vitest';
import { SessionCache, type SignIn } from './session-cache';

/** A version the test moves by hand, answered after a tick as a database read would be. */
function versionSource() {
  const source = {
    version: 0,
    start: async () => undefined,
    current: async () => {
      await Promise.resolve();
      return source.version;
    },
  };
  return source;
}

const signIn = (name: string): SignIn =>
  ({ user: { id: 1, name }, sessionId: 7, expiresAt: new Date(Date.now() + 60_000) }) as SignIn;

describe('SessionCache', () => {
  it('asks the database once while nothing changes', async () => {
    const cache = new SessionCache(versionSource());
    const load = vi.fn(async () => signIn('Ama'));
    expect((await cache.find('t1', load))?.user.name).toBe('Ama');
    expect((await cache.find('t1', load))?.user.name).toBe('Ama');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after any change (a logout, a new name)', async () => {
    const source = versionSource();
    const cache = new SessionCache(source);
    await cache.find('t1', async () => signIn('Ama'));
    source.version++;
    expect(await cache.find('t1', async () => undefined)).toBeUndefined();
  });

  it('does not keep a row read before a change that committed while it was loading', async () => {
    const source = versionSource();
    const cache = new SessionCache(source);
    let release!: () => void;
    const slow = cache.find('t1', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return signIn('before the change');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The change commits, and another request sees the new version, while the first loads.
    source.version++;
    await cache.find('other', async () => signIn('Kofi'));
    release();
    expect((await slow)?.user.name).toBe('before the change');
    const load = vi.fn(async () => signIn('after the change'));
    expect((await cache.find('t1', load))?.user.name).toBe('after the change');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing for a token that finds no valid session', async () => {
    const cache = new SessionCache(versionSource());
    const load = vi.fn(async () => undefined);
    await cache.find('made-up', load);
    await cache.find('made-up', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forget drops one entry', async () => {
    const cache = new SessionCache(versionSource());
    const load = vi.fn(async () => signIn('Ama'));
    await cache.find('t1', load);
    cache.forget('t1');
    await cache.find('t1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its bound, dropping the sign-in used least recently', async () => {
    const cache = new SessionCache(versionSource(), 2);
    const loads: string[] = [];
    const loader = (token: string) => async () => {
      loads.push(token);
      return signIn(token);
    };
    await cache.find('old', loader('old'));
    await cache.find('busy', loader('busy'));
    // 'old' is used again: now 'busy' is the one nobody has asked for longest.
    await cache.find('old', loader('old'));
    await cache.find('new', loader('new'));
    await cache.find('old', loader('old'));
    await cache.find('busy', loader('busy'));
    expect(loads).toEqual(['old', 'busy', 'new', 'busy']);
  });
});
