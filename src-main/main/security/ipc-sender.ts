/**
 * Checklist item 17, "Validate the sender of all IPC messages": every handler first checks
 * that the calling frame is the app (`app://instant-lab`, or the dev server in development).
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
 */
import type { IpcMainInvokeEvent } from 'electron';
import { isAppUrl } from './origins';

/** The part of an IPC event the check needs (a frame may be gone: `null`). */
export type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'>;

/**
 * Throws unless the sender frame is the app.
 *
 * @throws Error `IPC refused: sender <url> is not the app` (or frame gone).
 * @see https://www.electronjs.org/docs/latest/api/structures/ipc-main-invoke-event
 */
export function assertTrustedSender(event: SenderEvent, devOrigin?: string): void {
  const frame = event.senderFrame;
  if (frame === null || frame === undefined) {
    throw new Error('IPC refused: the sender frame no longer exists.');
  }
  if (!isAppUrl(frame.url, devOrigin)) {
    throw new Error(`IPC refused: sender ${JSON.stringify(frame.url)} is not the app.`);
  }
}
