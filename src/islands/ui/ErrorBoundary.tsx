import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** The error screen reads 'Unexpected Application Error!' followed by the message. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-2xl border border-rose-400/40 bg-rose-950/60 p-6 text-rose-50">
        <h2 className="text-xl font-semibold text-white">Unexpected Application Error!</h2>
        <p className="mt-2 font-mono text-sm">{error.message}</p>
      </div>
    );
  }
}
