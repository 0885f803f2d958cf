/**
 * Checklist item 12, "Verify WebView options before creation" (and item 11, no `allowpopups`):
 * the app uses no `<webview>` (`webviewTag: false`), so any attach attempt is cancelled.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#12-verify-webview-options-before-creation
 */
import type { WebContents } from 'electron';

/**
 * Prevents every `<webview>` from attaching to `contents`.
 *
 * @see https://www.electronjs.org/docs/latest/api/web-contents#event-will-attach-webview
 */
export function denyWebviews(contents: WebContents): void {
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
}
