import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  createBrowserNavigator,
  createMemoryNavigator,
  createStaticNavigator,
  hrefOf,
  parseHref,
  type Location,
  type Navigator,
} from './history';
import { matchPath, patternScore, resolvePathname, type Params } from './match';

/**
 * The site's router (docs/decisions/024-own-router.md): the dozen React Router exports the
 * pages use, with the same behaviour, in about 2 KiB instead of React Router's 15 (PAGE-18).
 * A page imports from here exactly what it imported from '.'.
 */

export type { Location, Navigator } from './history';
export { matchPath, type Params, type PathMatch } from './match';

interface LocationContextValue {
  location: Location;
  navigator: Navigator;
}
const LocationContext = createContext<LocationContextValue | null>(null);

/** The route being rendered: its params, the part of the path it matched, its child. */
interface RouteContextValue {
  params: Params;
  pathnameBase: string;
  outlet: ReactNode;
}
const RouteContext = createContext<RouteContextValue>({
  params: {},
  pathnameBase: '/',
  outlet: null,
});

function useLocationContext(hook: string): LocationContextValue {
  const context = use(LocationContext);
  if (!context) throw new Error(`${hook} is used outside a router`);
  return context;
}

/**
 * Holds the location in state. A navigation is a transition, as React Router made it: the page
 * on screen stays until the next page's chunk has loaded, instead of a loading skeleton.
 */
function Router({ navigator, children }: { navigator: Navigator; children?: ReactNode }) {
  const [location, setLocation] = useState(navigator.location);
  useLayoutEffect(() => {
    const update = (next: Location) => startTransition(() => setLocation(next));
    const stop = navigator.listen(update);
    // A navigation between the first render and this subscription is not lost.
    if (navigator.location !== location) update(navigator.location);
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigator
  }, [navigator]);
  const value = useMemo(() => ({ location, navigator }), [location, navigator]);
  return <LocationContext value={value}>{children}</LocationContext>;
}

/** The app's router in the browser: the address bar and Back/Forward. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [navigator] = useState(createBrowserNavigator);
  return <Router navigator={navigator}>{children}</Router>;
}

/** For tests: a history in memory, on the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [navigator] = useState(() => createMemoryNavigator(initialEntries));
  return <Router navigator={navigator}>{children}</Router>;
}

/** For the build-time renderer: one fixed location. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const navigator = useMemo(() => createStaticNavigator(location), [location]);
  return <Router navigator={navigator}>{children}</Router>;
}

export function useLocation(): Location {
  return useLocationContext('useLocation').location;
}

export function useParams<P extends string = string>(): Readonly<Partial<Record<P, string>>> {
  return use(RouteContext).params as Partial<Record<P, string>>;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for React Router's signature; the layout scrolls on a change of path (ROUTE-6). */
  preventScrollReset?: boolean;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

/**
 * A `to` as written in a page → the href it goes to ('?x=1' keeps the path). An empty query
 * leaves no bare '?' behind ('/login', not '/login?'), as React Router wrote it.
 */
function resolveHref(to: string, location: Location, pathnameBase: string): string {
  return resolveRawHref(to, location, pathnameBase).replace(/\?(?=#|$)/, '');
}

function resolveRawHref(to: string, location: Location, pathnameBase: string): string {
  if (to.startsWith('?')) return location.pathname + to;
  if (to.startsWith('#')) return location.pathname + location.search + to;
  if (to.startsWith('/')) return to;
  const cut = to.search(/[?#]|$/);
  return resolvePathname(to.slice(0, cut), pathnameBase) + to.slice(cut);
}

/** Moves to `to` (pushing, or replacing with `replace`), or `delta` steps through the history. */
export function useNavigate(): NavigateFunction {
  const { navigator } = useLocationContext('useNavigate');
  const { pathnameBase } = use(RouteContext);
  const navigate = useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const href = resolveHref(to, navigator.location, pathnameBase);
      if (options.replace) navigator.replace(href, options.state ?? null);
      else navigator.push(href, options.state ?? null);
    },
    [navigator, pathnameBase],
  );
  return navigate as NavigateFunction;
}

type SearchInit = URLSearchParams | string | Record<string, string | string[]>;

function toSearchParams(init: SearchInit): URLSearchParams {
  if (init instanceof URLSearchParams || typeof init === 'string') return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/** The query string as URLSearchParams, and a setter that navigates to a new one (path kept). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigator } = useLocationContext('useSearchParams');
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      // The functional form sees the latest query, even after a navigation in the same event.
      const current = new URLSearchParams(navigator.location.search);
      const search = toSearchParams(typeof next === 'function' ? next(current) : next).toString();
      navigate(`?${search}`, options);
    },
    [navigate, navigator],
  );
  return [params, set];
}

/** Navigates as soon as it is rendered (after the commit, once). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return; // StrictMode runs effects twice: one navigation.
    done.current = true;
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const isExternal = (to: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);

/**
 * A real link (href, opens in a new tab with a modifier key or the middle button); a plain
 * click moves within the app instead of loading the page. A link to where the person is
 * already replaces the entry rather than adding the same page twice (as React Router did).
 */
export function Link({
  to,
  replace,
  state,
  preventScrollReset: _preventScrollReset,
  reloadDocument,
  onClick,
  target,
  ...rest
}: LinkProps) {
  const { location, navigator } = useLocationContext('Link');
  const { pathnameBase } = use(RouteContext);
  const external = isExternal(to);
  const href = external ? to : resolveHref(to, location, pathnameBase);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      external ||
      reloadDocument ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    const current = hrefOf(navigator.location);
    if (replace ?? current === href) navigator.replace(href, state ?? null);
    else navigator.push(href, state ?? null);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Only the link's own path makes it active, not the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A Link that says it is the current page: class "active" and aria-current="page". */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { location } = useLocationContext('NavLink');
  const { pathnameBase } = use(RouteContext);
  const target = parseHref(resolveHref(rest.to, location, pathnameBase)).pathname;
  const isActive = matchPath(target, location.pathname, end) !== null;
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route's description, read by its <Routes>; rendering one alone shows nothing. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface RouteObject {
  path?: string;
  index: boolean;
  element: ReactNode;
  children: RouteObject[];
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesOf(child.props.children));
      return;
    }
    routes.push({
      path: child.props.path,
      index: child.props.index === true,
      element: child.props.element,
      children: routesOf(child.props.children),
    });
  });
  return routes;
}

interface Branch {
  pattern: string;
  score: number;
  routes: RouteObject[];
}

/** Every route that can be the innermost match, with its full pattern and the routes above it. */
function branchesOf(
  routes: RouteObject[],
  parentPattern = '',
  parents: RouteObject[] = [],
): Branch[] {
  const branches: Branch[] = [];
  for (const route of routes) {
    const pattern =
      route.path === undefined
        ? parentPattern
        : route.path.startsWith('/')
          ? route.path
          : `${parentPattern}/${route.path}`;
    const chain = [...parents, route];
    branches.push(...branchesOf(route.children, pattern, chain));
    if (route.index || route.path !== undefined) {
      branches.push({
        pattern: pattern || '/',
        score: patternScore(pattern || '/', route.index),
        routes: chain,
      });
    }
  }
  return branches;
}

/**
 * Renders the most specific route that matches the location (not the first written), inside
 * the routes around it (a layout route renders its child through <Outlet />). Inside a route
 * whose path ends in '*', the paths are relative to what that route matched ('/admin/*').
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useLocationContext('Routes');
  const parent = use(RouteContext);
  const branches = useMemo(() => {
    const all = branchesOf(routesOf(children));
    // Stable: equally specific routes keep the order they are written in.
    return all
      .map((branch, order) => ({ branch, order }))
      .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order);
  }, [children]);

  const base = parent.pathnameBase === '/' ? '' : parent.pathnameBase;
  const remaining = location.pathname.toLowerCase().startsWith(base.toLowerCase())
    ? location.pathname.slice(base.length) || '/'
    : null;
  if (remaining === null) return null;
  for (const { branch } of branches) {
    const match = matchPath(branch.pattern, remaining);
    if (!match) continue;
    const params = { ...parent.params, ...match.params };
    const pathnameBase = base + (match.pathnameBase === '/' ? '' : match.pathnameBase) || '/';
    return branch.routes.reduceRight<ReactNode>(
      (outlet, route) => (
        <RouteContext value={{ params, pathnameBase, outlet }}>
          {route.element === undefined ? <Outlet /> : route.element}
        </RouteContext>
      ),
      null,
    );
  }
  return null;
}

/** Where a layout route shows the route matched inside it. */
export function Outlet() {
  return use(RouteContext).outlet;
}
