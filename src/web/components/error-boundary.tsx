import { Component, type ReactNode } from 'react';
import { useLocation } from '../lib/router';
import { ErrorPage } from './error-page';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When it changes (another URL), a boundary showing an error tries its children again. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  /** The resetKey the error happened at. */
  errorKey: string | undefined;
}

/**
 * Shows the error page instead of a blank screen when its children throw while rendering, a
 * lazy page's chunk included (a poor connection, or a deploy that replaced the old files).
 * React reports the error on the console itself.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, errorKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (state.error === null) return { errorKey: props.resetKey };
    if (props.resetKey !== state.errorKey) return { error: null, errorKey: props.resetKey };
    return null;
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorPage />;
  }
}

/** An ErrorBoundary for a page of the router: going to another URL tries again. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
