import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes, useParams } from '../lib/router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ErrorBoundary, PageErrorBoundary } from './error-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Broken(): never {
  throw new Error('cannot read properties of undefined');
}

/** React and the boundary report a caught error on the console: expected here. */
const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('the error page', () => {
  test('a page that throws while rendering shows a heading, an explanation and Reload', async () => {
    quietConsole();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/could not be shown/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(button.tagName).toBe('BUTTON');
    await userEvent.click(button);
    expect(reload).toHaveBeenCalledOnce();
  });

  test('a lazy page whose chunk fails to load says so, instead of a blank screen', async () => {
    const errors = quietConsole();
    const Page = lazy(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/booking-view.js'),
      ),
    );
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/connection may have dropped/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(errors).toHaveBeenCalled();
  });

  test('children that render show as they are', () => {
    render(
      <ErrorBoundary>
        <h1>Find The Perfect Ride</h1>
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Find The Perfect Ride' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  test("a page's error goes away when the person goes to another page", async () => {
    quietConsole();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <Routes>
          <Route
            path="/:page"
            element={
              <PageErrorBoundary>
                <MaybeBroken />
              </PageErrorBoundary>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('heading', { name: 'A page that works' })).toBeTruthy();
  });
});

function MaybeBroken() {
  const { page } = useParams();
  if (page === 'broken') return <Broken />;
  return <h1>A page that works</h1>;
}
