/** Where the app is: what React Router called a location, with the same fields. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that came here carried (`navigate(to, { state })`), else null. */
  state: unknown;
  /** 'default' for the page the visit started on; unique for each navigation after it. */
  key: string;
}

/** One way of keeping the history: the browser's, a list in memory (tests), or fixed (prerender). */
export interface Navigator {
  readonly location: Location;
  push(href: string, state: unknown): void;
  replace(href: string, state: unknown): void;
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** '/a?b=1#c' → its parts, as the location keeps them. */
export function parseHref(href: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(href, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const hrefOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  location.pathname + location.search + location.hash;

/**
 * The browser's history. Each entry's state is `{ usr, key, idx }`, the shape React Router
 * wrote, so an entry made before this router still reads back with its state and key.
 */
export function createBrowserNavigator(): Navigator {
  const listeners = new Set<(location: Location) => void>();
  const read = (): Location => {
    const entry = (window.history.state ?? {}) as { usr?: unknown; key?: string };
    return {
      pathname: window.location.pathname,
      search: window.location.search,
      hash: window.location.hash,
      state: entry.usr ?? null,
      key: entry.key ?? 'default',
    };
  };
  let location = read();
  let index = ((window.history.state ?? {}) as { idx?: number }).idx ?? 0;
  const notify = () => {
    location = read();
    for (const listener of listeners) listener(location);
  };
  window.addEventListener('popstate', () => {
    index = ((window.history.state ?? {}) as { idx?: number }).idx ?? 0;
    notify();
  });
  return {
    get location() {
      return location;
    },
    push(href, state) {
      index += 1;
      try {
        window.history.pushState({ usr: state, key: newKey(), idx: index }, '', href);
      } catch {
        // Safari refuses more than 100 pushState calls in 30 s: load the page instead.
        window.location.assign(href);
        return;
      }
      notify();
    },
    replace(href, state) {
      window.history.replaceState({ usr: state, key: newKey(), idx: index }, '', href);
      notify();
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history in memory, for tests: starts on the last of `entries`. */
export function createMemoryNavigator(entries: readonly string[] = ['/']): Navigator {
  const listeners = new Set<(location: Location) => void>();
  const stack: Location[] = (entries.length > 0 ? entries : ['/']).map((href, position) => ({
    ...parseHref(href),
    state: null,
    key: position === 0 ? 'default' : newKey(),
  }));
  let index = stack.length - 1;
  const notify = () => {
    for (const listener of listeners) listener(stack[index]!);
  };
  return {
    get location() {
      return stack[index]!;
    },
    push(href, state) {
      stack.splice(index + 1, Infinity, { ...parseHref(href), state, key: newKey() });
      index += 1;
      notify();
    },
    replace(href, state) {
      stack[index] = { ...parseHref(href), state, key: newKey() };
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), stack.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The build-time renderer's: one location, and navigating does nothing (no effects run). */
export function createStaticNavigator(href: string): Navigator {
  const location: Location = { ...parseHref(href), state: null, key: 'default' };
  return {
    location,
    push: () => undefined,
    replace: () => undefined,
    go: () => undefined,
    listen: () => () => undefined,
  };
}
