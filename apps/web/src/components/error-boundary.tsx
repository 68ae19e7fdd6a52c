import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, reloadPage } from '../lib/reload-page';
import { ErrorFallback } from './ui/error-fallback';

interface Props {
  children: ReactNode;
  /** Changing this value clears a caught error (e.g. the current path). */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/** Catches a render error below it and shows the error fallback; 'Try Again' renders again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever debugs it; the user sees the fallback.
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error) {
      return (
        <ErrorFallback
          onRetry={() => (isChunkLoadError(error) ? reloadPage() : this.setState({ error: null }))}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * The router's error element: an error thrown while routing shows the same fallback. 'Try Again'
 * routes to the same address again; after a failed code-chunk load, which the router keeps for the
 * route, it loads the page again instead, so that it does not fail forever.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  console.error('Route error', error);
  return (
    <ErrorFallback
      onRetry={() =>
        isChunkLoadError(error)
          ? reloadPage()
          : navigate(`${location.pathname}${location.search}`, { replace: true })
      }
    />
  );
}
