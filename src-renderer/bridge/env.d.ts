import type { InstantLabApi } from '../../src-main/bridge/api';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser build. Use `getBridge()` instead. */
    instantLab?: InstantLabApi;
  }
}

export {};
