/** Types of scripts/ensure-electron.mjs (a plain script, run by npm before Electron is needed). */
export interface Progress {
  readonly percent: number;
  readonly transferred: number;
  readonly total: number | null;
}
export interface Installer {
  readonly version: string;
  isInstalled(): boolean;
  download(onProgress: (p: Progress) => void): Promise<unknown>;
  extract(): Promise<void>;
}
export interface InstallIo {
  log(line: string): void;
  error(line: string): void;
  progress?(line: string): void;
  env?: Record<string, string | undefined>;
}
export function platformPath(env?: Record<string, string | undefined>): string;
export function isElectronInstalled(
  electronDir: string,
  version: string,
  env?: Record<string, string | undefined>,
): boolean;
export function reasonOf(error: unknown): string;
export function failureMessage(version: string, reason: string): string;
export function ensureElectron(installer: Installer, io: InstallIo): Promise<number>;
export function electronInstaller(env?: Record<string, string | undefined>, electronDir?: string): Installer;
