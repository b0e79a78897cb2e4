import { Component, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

/**
 * Whatever fails while the widget draws (a part that could not be downloaded, a message it cannot
 * show) ends on the spec's error screen instead of a blank panel. Restart Chat loads the widget
 * afresh: React keeps a failed part failed, and the browser fetches it again on a reload.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; onRestart(): void }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? <ErrorScreen onRestart={this.props.onRestart} /> : this.props.children;
  }
}
