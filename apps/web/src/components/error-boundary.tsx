import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { WarningFilled } from '@ant-design/icons';

export interface ErrorFallbackProps {
  error: Error;
  reset: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Title of the default fallback, e.g. 趋势图加载失败. */
  title?: string;
  /** A custom fallback. */
  fallback?: (props: ErrorFallbackProps) => ReactNode;
  /** The boundary resets when one of these changes (e.g. the route or the chart's inputs). */
  resetKeys?: readonly unknown[];
}

interface ErrorBoundaryState {
  error: Error | null;
}

function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Failed to fetch|Importing a module script failed|Loading chunk/i.test(
    error.message,
  );
}

/** Keeps a render failure inside one panel: the rest of the page stays usable (STYLE: errors). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[ui] render failure', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (!this.state.error) return;
    const before = previous.resetKeys ?? [];
    const after = this.props.resetKeys ?? [];
    if (before.length !== after.length || before.some((key, index) => !Object.is(key, after[index]))) {
      this.reset();
    }
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback({ error, reset: this.reset });
    const chunk = isChunkLoadError(error);
    // Plain markup, not antd's Result: the boundary wraps the whole app, and Result carries its status
    // illustrations into every page's first load.
    return (
      <div className="error-fallback" role="alert">
        <WarningFilled className="error-fallback-icon" aria-hidden />
        <div className="error-fallback-title">{this.props.title ?? '该模块加载失败'}</div>
        <div className="error-fallback-text">
          {chunk ? '页面资源已更新，请刷新页面后重试' : '请稍后重试，如持续出现请联系客服'}
        </div>
        {chunk ? (
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        ) : (
          <Button type="primary" onClick={this.reset}>
            重试
          </Button>
        )}
      </div>
    );
  }
}
