/**
 * Checklist item 5, "Handle session permission requests from remote content": the app needs
 * no camera, notifications, geolocation… so every request and every check is refused.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#5-handle-session-permission-requests-from-remote-content
 */
import type { Session } from 'electron';

/**
 * Denies all permission requests and checks on `session`.
 *
 * @see https://www.electronjs.org/docs/latest/api/session#sessetpermissionrequesthandlerhandler
 * @see https://www.electronjs.org/docs/latest/api/session#sessetpermissioncheckhandlerhandler
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
