import { configure } from '@testing-library/react';

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

// findBy…/waitFor give up after 1 s by default: on a busy two-core CI machine a lazy chunk or a
// form's rules can take longer than that to arrive, which failed tests that were right. What
// they wait for still has to happen; they only wait longer for it.
configure({ asyncUtilTimeout: 5_000 });
