// jsdom has no requestIdleCallback. An idle browser runs such a callback at once, which is
// what the components under test get here: forms load their rules when idle after rendering
// (lib/lazy-resolver.ts), so they are in before a test has typed anything.
if (!('requestIdleCallback' in window)) {
  Object.assign(window, {
    requestIdleCallback: (callback: IdleRequestCallback) =>
      window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 })),
    cancelIdleCallback: (handle: number) => window.clearTimeout(handle),
  });
}
