import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
} from '.';

afterEach(cleanup);

/** Where the router is, and its navigate function, as the Spy last saw them. */
const spy: { location?: Location; navigate?: ReturnType<typeof useNavigate> } = {};
function Spy() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    spy.location = location;
    spy.navigate = navigate;
  });
  return null;
}
const go: NonNullable<typeof spy.navigate> = ((...args: Parameters<typeof go>) =>
  spy.navigate!(...args)) as typeof go;

function Shell() {
  return (
    <div>
      <p>shell</p>
      <Outlet />
    </div>
  );
}

function Car() {
  const { id } = useParams();
  return <h1>car {id}</h1>;
}

function AdminCar() {
  const { id, '*': rest } = useParams();
  return (
    <h1>
      admin car {id} {rest}
    </h1>
  );
}

function AdminArea() {
  return (
    <Routes>
      <Route index element={<h1>dashboard</h1>} />
      <Route path="cars/:id" element={<AdminCar />} />
      <Route path="cars/new" element={<h1>new car</h1>} />
      <Route path="*" element={<h1>admin not found</h1>} />
    </Routes>
  );
}

function App({ children }: { children?: ReactNode }) {
  return (
    <>
      <Spy />
      {children}
      <Routes>
        <Route element={<Shell />}>
          <Route path="/" element={<h1>home</h1>} />
          <Route path="/cars/:id" element={<Car />} />
          <Route path="*" element={<h1>not found</h1>} />
        </Route>
        <Route path="/admin/*" element={<AdminArea />} />
      </Routes>
    </>
  );
}

const at = (entry: string, children?: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <App>{children}</App>
    </MemoryRouter>,
  );

const heading = () => screen.getByRole('heading').textContent;

describe('Routes', () => {
  test('renders the matching route inside its layout, with its params', () => {
    at('/cars/7');
    expect(heading()).toBe('car 7');
    expect(screen.getByText('shell')).toBeTruthy();
  });

  test("picks the most specific route, not the first written; '*' catches the rest", () => {
    at('/nowhere');
    expect(heading()).toBe('not found');
    cleanup();
    at('/admin/cars/new');
    expect(heading()).toBe('new car');
    expect(screen.queryByText('shell')).toBeNull();
  });

  test("nested <Routes> under '/admin/*' match the rest of the path, index included", () => {
    at('/admin');
    expect(heading()).toBe('dashboard');
    cleanup();
    at('/admin/cars/12');
    expect(heading()).toBe('admin car 12 cars/12');
    cleanup();
    at('/admin/nope');
    expect(heading()).toBe('admin not found');
  });
});

describe('navigation', () => {
  test('a Link click moves in the app and carries its state; the first entry is "default"', async () => {
    at(
      '/',
      <Link to="/cars/3?x=1" state={{ from: 'home' }}>
        to car
      </Link>,
    );
    expect(spy.location?.key).toBe('default');
    const link = screen.getByRole('link', { name: 'to car' });
    expect(link.getAttribute('href')).toBe('/cars/3?x=1');
    await userEvent.click(link);
    expect(heading()).toBe('car 3');
    expect(spy.location).toMatchObject({
      pathname: '/cars/3',
      search: '?x=1',
      state: { from: 'home' },
    });
    expect(spy.location?.key).not.toBe('default');
  });

  test('a click with a modifier key, or one the page cancels, is left to the browser', async () => {
    at(
      '/',
      <Link to="/cars/3" onClick={(event) => event.preventDefault()}>
        cancelled
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'cancelled' }));
    expect(heading()).toBe('home');
    const user = userEvent.setup();
    cleanup();
    at('/', <Link to="/cars/3">new tab</Link>);
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'new tab' }));
    await user.keyboard('{/Control}');
    expect(heading()).toBe('home');
  });

  test('navigate: push, replace, back, and a query string alone keeps the path', () => {
    at('/');
    act(() => go('/cars/1'));
    act(() => go('/cars/2', { replace: true, state: { n: 2 } }));
    expect(spy.location).toMatchObject({ pathname: '/cars/2', state: { n: 2 } });
    act(() => go(-1));
    expect(heading()).toBe('home');
    act(() => go('/cars/5'));
    act(() => go('?tab=b'));
    expect(spy.location).toMatchObject({ pathname: '/cars/5', search: '?tab=b' });
  });

  test('Navigate redirects once, replacing the entry, with its state', () => {
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/', '/old']}>
          <Spy />
          <Routes>
            <Route path="/old" element={<Navigate to="/new" replace state={{ why: 'moved' }} />} />
            <Route path="/new" element={<h1>new</h1>} />
            <Route path="/" element={<h1>start</h1>} />
          </Routes>
        </MemoryRouter>
      </StrictMode>,
    );
    expect(heading()).toBe('new');
    expect(spy.location?.state).toEqual({ why: 'moved' });
    act(() => go(-1)); // Replaced: one step back is the page before /old.
    expect(heading()).toBe('start');
  });
});

test('NavLink is active on its page (and below it unless end), with aria-current', () => {
  at(
    '/cars/4',
    <nav>
      <NavLink to="/" end>
        Home
      </NavLink>
      <NavLink to="/cars">Cars</NavLink>
      <NavLink to="/cars/4" className="x">
        This car
      </NavLink>
    </nav>,
  );
  const home = screen.getByRole('link', { name: 'Home' });
  expect(home.getAttribute('aria-current')).toBeNull();
  expect(home.className).toBe('');
  expect(screen.getByRole('link', { name: 'Cars' }).getAttribute('aria-current')).toBe('page');
  expect(screen.getByRole('link', { name: 'This car' }).className).toBe('x active');
});

test('useSearchParams reads the query and sets it (object, function, replace)', async () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p>page {params.get('page') ?? '1'}</p>
        <button onClick={() => setParams({ page: '2', tag: ['a', 'b'] })}>two</button>
        <button
          onClick={() =>
            setParams(
              (current) => {
                current.set('page', '3');
                return current;
              },
              { replace: true },
            )
          }
        >
          three
        </button>
      </>
    );
  }
  at('/cars/1?page=1', <Filters />);
  await userEvent.click(screen.getByRole('button', { name: 'two' }));
  expect(spy.location).toMatchObject({ pathname: '/cars/1', search: '?page=2&tag=a&tag=b' });
  await userEvent.click(screen.getByRole('button', { name: 'three' }));
  expect(spy.location?.search).toBe('?page=3&tag=a&tag=b');
  act(() => go(-1)); // The function form replaced: back is the first entry.
  expect(spy.location?.search).toBe('?page=1');
});

test('emptying the query leaves no bare "?" in the address (as React Router did)', async () => {
  window.history.replaceState(null, '', '/login?tab=register');
  function Tabs() {
    const [, setParams] = useSearchParams();
    return <button onClick={() => setParams({})}>sign in</button>;
  }
  render(
    <BrowserRouter>
      <Spy />
      <Tabs />
    </BrowserRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
  expect(window.location.href).toMatch(/\/login$/);
  expect(spy.location).toMatchObject({ pathname: '/login', search: '' });
});

test('BrowserRouter follows the address bar: pushState with state, and Back (popstate)', async () => {
  window.history.replaceState(null, '', '/');
  render(
    <BrowserRouter>
      <App />
    </BrowserRouter>,
  );
  expect(spy.location?.key).toBe('default');
  act(() => go('/cars/9', { state: { from: 'test' } }));
  expect(window.location.pathname).toBe('/cars/9');
  expect(window.history.state).toMatchObject({ usr: { from: 'test' } });
  expect(heading()).toBe('car 9');
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
  expect(heading()).toBe('home');
});

test('StaticRouter renders one location on the server, and Navigate does nothing there', () => {
  const html = renderToString(
    <StaticRouter location="/cars/8?x=1">
      <Routes>
        <Route path="/cars/:id" element={<Car />} />
      </Routes>
      <Navigate to="/elsewhere" />
    </StaticRouter>,
  );
  expect(html).toContain('car <!-- -->8');
});

test('a redirect from an effect on the first render is not lost (ROUTE-5, ROUTE-1)', () => {
  function RedirectNow() {
    const navigate = useNavigate();
    useEffect(() => navigate('/cars/1', { replace: true }), [navigate]);
    return null;
  }
  at('/', <RedirectNow />);
  expect(heading()).toBe('car 1');
});
