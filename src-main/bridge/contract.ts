/**
 * The one contract between the renderer, the preload script and the main process.
 *
 * Imports nothing from `electron` or Node: the renderer imports these types and schemas too,
 * and the browser build (`npm run web`) must bundle this file as is.
 *
 * Every invoke channel is described once ({@link INVOKE_CONTRACT}): its channel name, a zod
 * schema for its arguments (validated in the preload before sending AND in main before acting,
 * because main must never trust a renderer) and a zod schema for its result.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/ipc
 * @see https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
 */
import { z } from 'zod';
import {
  JournalAppendedSchema,
  JournalCheckpointSchema,
  JournalKeySchema,
  JournalReadSchema,
  journalWorkSchema,
} from './journal-contract';

/** Every IPC channel of the app. Nothing else is ever sent or handled. */
export const CHANNELS = {
  appInfo: 'app:info',
  saveFile: 'file:save',
  beginSave: 'file:begin-save',
  appendSave: 'file:append-save',
  commitSave: 'file:commit-save',
  abortSave: 'file:abort-save',
  openFile: 'file:open',
  beginOpen: 'file:begin-open',
  readOpen: 'file:read-open',
  readOpenBytes: 'file:read-open-bytes',
  closeOpen: 'file:close-open',
  printToPdf: 'file:print-to-pdf',
  printHtmlToPdf: 'file:print-html-to-pdf',
  storeGet: 'store:get',
  storeSet: 'store:set',
  journalAppend: 'journal:append',
  journalRead: 'journal:read',
  journalKey: 'journal:key',
  journalCheckpoint: 'journal:checkpoint',
  /** One-way, main → renderer. */
  menuAction: 'menu:action',
} as const;

/** Largest single `saveFile` payload; bigger exports must stream (`beginSave`). */
export const MAX_SAVE_BYTES = 256 * 1024 * 1024;
/** Largest chunk of a streaming save; keeps each IPC message small. */
export const MAX_CHUNK_CHARS = 16 * 1024 * 1024;
/** Largest file `openFile` will read into memory. */
export const MAX_OPEN_BYTES = 64 * 1024 * 1024;
/** Largest settings value, measured as UTF-8 JSON. */
export const MAX_STORE_VALUE_BYTES = 5 * 1024 * 1024;
/**
 * A read-only settings key: when the settings file could not be read (it does not parse, say one
 * trailing comma), main keeps it aside under another name and `storeGet` of this key says so
 * ({@link SettingsRecovered}); the renderer tells the user. Never written by `storeSet`.
 */
export const SETTINGS_RECOVERED_KEY = 'settings.recovered';

/** What `storeGet(SETTINGS_RECOVERED_KEY)` returns when the settings file was kept aside. */
export interface SettingsRecovered {
  /** The name the unreadable file now has, beside the new one (`settings.corrupt-<date>.json`), or null when it could not be moved. */
  readonly keptAs: string | null;
  /** Why it could not be read, in the words of the parser or the system. */
  readonly reason: string;
}

/** Settings keys: short, lowercase, no path characters. */
export const STORE_KEY_PATTERN = /^[a-z0-9._-]{1,64}$/;

// --- Schemas -------------------------------------------------------------------------------

/** A file name without any folder: the dialog decides the folder, never the renderer. */
export const FileNameSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((s) => !/[/\\\0]/.test(s) && s !== '.' && s !== '..', 'must be a bare file name (no folder)');

export const FileFilterSchema = z.strictObject({
  name: z.string().min(1).max(100),
  extensions: z
    .array(z.string().regex(/^(\*|[A-Za-z0-9]{1,16})$/, 'must be an extension without dot, e.g. "csv", or "*"'))
    .min(1)
    .max(20),
});
export type FileFilter = z.infer<typeof FileFilterSchema>;

const FiltersSchema = z.array(FileFilterSchema).max(20);

const utf8Length = (s: string): number => new TextEncoder().encode(s).byteLength;

/** File content: text or bytes. One custom check (not a union) so the error says what is expected. */
export const SaveDataSchema = z
  .custom<string | Uint8Array>((v) => typeof v === 'string' || v instanceof Uint8Array, {
    message: 'must be a string or a Uint8Array',
  })
  .refine(
    (v) => (typeof v === 'string' ? v.length : v.byteLength) <= MAX_SAVE_BYTES,
    `must be at most ${MAX_SAVE_BYTES} bytes`,
  );

export const SaveFileRequestSchema = z.strictObject({
  suggestedName: FileNameSchema,
  filters: FiltersSchema,
  data: SaveDataSchema,
});
export type SaveFileRequest = z.infer<typeof SaveFileRequestSchema>;

export const SaveResultSchema = z.strictObject({ saved: z.boolean(), path: z.string().optional() });
export type SaveResult = z.infer<typeof SaveResultSchema>;

export const BeginSaveRequestSchema = z.strictObject({ suggestedName: FileNameSchema, filters: FiltersSchema });
export type BeginSaveRequest = z.infer<typeof BeginSaveRequestSchema>;

export const SaveHandleSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'must be a handle returned by beginSave');

export const BeginSaveResultSchema = z.strictObject({ handle: SaveHandleSchema }).nullable();
export type BeginSaveResult = z.infer<typeof BeginSaveResultSchema>;

export const ChunkSchema = z.string().max(MAX_CHUNK_CHARS, `must be at most ${MAX_CHUNK_CHARS} characters`);

export const CommitSaveResultSchema = z.strictObject({ saved: z.literal(true), path: z.string() });
export type CommitSaveResult = z.infer<typeof CommitSaveResultSchema>;

export const OpenFileRequestSchema = z.strictObject({ filters: FiltersSchema });
export type OpenFileRequest = z.infer<typeof OpenFileRequestSchema>;

export const OpenFileResultSchema = z.strictObject({ name: z.string(), text: z.string() }).nullable();
export type OpenFileResult = z.infer<typeof OpenFileResultSchema>;

/** Handle of a streamed read (`beginOpen`). */
export const OpenHandleSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'must be a handle returned by beginOpen');

/** A file opened for streamed reading: its handle, name and size in bytes. `null` when cancelled. */
export const BeginOpenResultSchema = z
  .strictObject({ handle: OpenHandleSchema, name: z.string(), size: z.number().int().nonnegative() })
  .nullable();
export type BeginOpenResult = z.infer<typeof BeginOpenResultSchema>;

/** The next chunk of a streamed read, or `null` at the end of the file. */
export const ReadOpenResultSchema = z.string().max(MAX_CHUNK_CHARS).nullable();

/** The next chunk of bytes of a streamed read (binary files such as XLSX), or `null` at the end. */
export const ReadOpenBytesResultSchema = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'must be a Uint8Array' })
  .refine((v) => v.byteLength <= MAX_CHUNK_CHARS, `must be at most ${MAX_CHUNK_CHARS} bytes`)
  .nullable();

/** A printed page's running header and footer: page n of N is added by the printer. */
export const PrintFrameSchema = z.strictObject({
  header: z.string().max(1000),
  footer: z.string().max(20_000),
  page: z.string().max(40),
  of: z.string().max(40),
});
export const PrintToPdfRequestSchema = z.strictObject({
  suggestedName: FileNameSchema,
  /** When given, every page of the PDF gets this header and footer with page numbers. */
  frame: PrintFrameSchema.optional(),
});
export type PrintToPdfRequest = z.infer<typeof PrintToPdfRequestSchema>;
export type PrintFrame = z.infer<typeof PrintFrameSchema>;

/** Largest report page `printHtmlToPdf` prints. */
export const MAX_PRINT_HTML_CHARS = 32 * 1024 * 1024;
/** A report page to print to PDF bytes (the evidence bundle's PDF): its HTML and its running header and footer. */
export const PrintHtmlRequestSchema = z.strictObject({
  html: z.string().min(1).max(MAX_PRINT_HTML_CHARS, `must be at most ${MAX_PRINT_HTML_CHARS} characters`),
  frame: PrintFrameSchema,
});
export type PrintHtmlRequest = z.infer<typeof PrintHtmlRequestSchema>;
/** The PDF's bytes; `null` where nothing can print (the browser build). */
export const PrintHtmlResultSchema = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'must be a Uint8Array' })
  .nullable();

export const AppInfoSchema = z.strictObject({
  version: z.string(),
  platform: z.enum(['desktop', 'web']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const StoreKeySchema = z
  .string()
  .regex(STORE_KEY_PATTERN, 'must match /^[a-z0-9._-]{1,64}$/ (lowercase letters, digits, ".", "_", "-")');

/**
 * True for plain JSON data: null, booleans, finite numbers, strings, arrays and plain objects
 * of those, without cycles. Stricter than "JSON.stringify does not throw", which silently drops
 * `undefined`, turns NaN into null and Dates into strings.
 */
export function isJsonValue(value: unknown, seen: Set<object> = new Set()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (seen.has(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
  seen.add(value);
  const ok = Array.isArray(value)
    ? value.every((item) => isJsonValue(item, seen))
    : Object.values(value).every((item) => isJsonValue(item, seen));
  seen.delete(value);
  return ok;
}

/** Any JSON value, at most {@link MAX_STORE_VALUE_BYTES} once serialised. */
export const StoreValueSchema = z
  .unknown()
  .refine((v) => isJsonValue(v), {
    message: 'must be JSON-serialisable (no undefined, functions, Dates, Maps, NaN, cycles…)',
    // Stop here: the size check below would throw on a cycle.
    abort: true,
  })
  .refine(
    (v) => utf8Length(JSON.stringify(v)) <= MAX_STORE_VALUE_BYTES,
    `must be at most ${MAX_STORE_VALUE_BYTES} bytes once serialised`,
  );

/** An entry's work as the renderer asks for it to be journaled (journal-contract.ts). */
export const JournalWorkSchema = journalWorkSchema(isJsonValue);

/** Actions the native menu sends to the renderer on {@link CHANNELS.menuAction}. */
export const MenuActionSchema = z.enum(['export', 'print-to-pdf', 'locale:fr', 'locale:en', 'about']);
export type MenuAction = z.infer<typeof MenuActionSchema>;

// --- The contract --------------------------------------------------------------------------

/**
 * Each invoke method: channel, argument tuple schema, result schema.
 * The method names are those of `InstantLabApi` (api.ts).
 */
export const INVOKE_CONTRACT = {
  appInfo: { channel: CHANNELS.appInfo, argNames: [], args: z.tuple([]), result: AppInfoSchema },
  saveFile: {
    channel: CHANNELS.saveFile,
    argNames: ['req'],
    args: z.tuple([SaveFileRequestSchema]),
    result: SaveResultSchema,
  },
  beginSave: {
    channel: CHANNELS.beginSave,
    argNames: ['req'],
    args: z.tuple([BeginSaveRequestSchema]),
    result: BeginSaveResultSchema,
  },
  appendSave: {
    channel: CHANNELS.appendSave,
    argNames: ['handle', 'chunk'],
    args: z.tuple([SaveHandleSchema, ChunkSchema]),
    result: z.void(),
  },
  commitSave: {
    channel: CHANNELS.commitSave,
    argNames: ['handle'],
    args: z.tuple([SaveHandleSchema]),
    result: CommitSaveResultSchema,
  },
  abortSave: { channel: CHANNELS.abortSave, argNames: ['handle'], args: z.tuple([SaveHandleSchema]), result: z.void() },
  openFile: {
    channel: CHANNELS.openFile,
    argNames: ['req'],
    args: z.tuple([OpenFileRequestSchema]),
    result: OpenFileResultSchema,
  },
  beginOpen: {
    channel: CHANNELS.beginOpen,
    argNames: ['req'],
    args: z.tuple([OpenFileRequestSchema]),
    result: BeginOpenResultSchema,
  },
  readOpen: {
    channel: CHANNELS.readOpen,
    argNames: ['handle'],
    args: z.tuple([OpenHandleSchema]),
    result: ReadOpenResultSchema,
  },
  readOpenBytes: {
    channel: CHANNELS.readOpenBytes,
    argNames: ['handle'],
    args: z.tuple([OpenHandleSchema]),
    result: ReadOpenBytesResultSchema,
  },
  closeOpen: { channel: CHANNELS.closeOpen, argNames: ['handle'], args: z.tuple([OpenHandleSchema]), result: z.void() },
  printToPdf: {
    channel: CHANNELS.printToPdf,
    argNames: ['req'],
    args: z.tuple([PrintToPdfRequestSchema]),
    result: SaveResultSchema,
  },
  printHtmlToPdf: {
    channel: CHANNELS.printHtmlToPdf,
    argNames: ['req'],
    args: z.tuple([PrintHtmlRequestSchema]),
    result: PrintHtmlResultSchema,
  },
  storeGet: { channel: CHANNELS.storeGet, argNames: ['key'], args: z.tuple([StoreKeySchema]), result: z.unknown() },
  storeSet: {
    channel: CHANNELS.storeSet,
    argNames: ['key', 'value'],
    args: z.tuple([StoreKeySchema, StoreValueSchema]),
    result: z.void(),
  },
  journalAppend: {
    channel: CHANNELS.journalAppend,
    argNames: ['work'],
    args: z.tuple([JournalWorkSchema]),
    result: JournalAppendedSchema,
  },
  journalRead: { channel: CHANNELS.journalRead, argNames: [], args: z.tuple([]), result: JournalReadSchema },
  journalKey: { channel: CHANNELS.journalKey, argNames: [], args: z.tuple([]), result: JournalKeySchema },
  journalCheckpoint: {
    channel: CHANNELS.journalCheckpoint,
    argNames: [],
    args: z.tuple([]),
    result: JournalCheckpointSchema,
  },
} as const;

export type InvokeMethod = keyof typeof INVOKE_CONTRACT;
export type InvokeArgs<M extends InvokeMethod> = z.infer<(typeof INVOKE_CONTRACT)[M]['args']>;
export type InvokeResult<M extends InvokeMethod> = z.infer<(typeof INVOKE_CONTRACT)[M]['result']>;

/** Method names, in a stable order (handy to register or to check exhaustiveness). */
export const INVOKE_METHODS = Object.keys(INVOKE_CONTRACT) as InvokeMethod[];

// --- Validation helpers --------------------------------------------------------------------

/**
 * Renders zod issues as one readable line, naming arguments instead of tuple indexes:
 * `suggestedName: must be a bare file name (no folder); data: must be a string or a Uint8Array`.
 *
 * @param argNames names of the positional arguments; a request object named `req` is elided.
 * @param rootLabel what to call the value itself when the issue has no path.
 * @see https://zod.dev/basics#handling-errors
 */
export function formatIssues(error: z.ZodError, argNames: readonly string[] = [], rootLabel = 'arguments'): string {
  return error.issues
    .map((issue) => {
      const [head, ...rest] = issue.path;
      let segments: PropertyKey[] = issue.path;
      if (typeof head === 'number') {
        const name = argNames[head];
        segments = name === 'req' ? (rest.length > 0 ? rest : ['request']) : [name ?? `argument ${head + 1}`, ...rest];
      }
      const where = segments.length > 0 ? segments.map(String).join('.') : rootLabel;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Validates the arguments of one invoke method.
 *
 * @throws Error `instantLab.<method>: invalid request — <issues>` when they do not match.
 * @see https://zod.dev/basics#handling-errors
 */
export function parseInvokeArgs<M extends InvokeMethod>(method: M, args: readonly unknown[]): InvokeArgs<M> {
  const result = INVOKE_CONTRACT[method].args.safeParse(args);
  if (!result.success) {
    throw new Error(
      `instantLab.${method}: invalid request — ${formatIssues(result.error, INVOKE_CONTRACT[method].argNames)}`,
    );
  }
  return result.data as InvokeArgs<M>;
}

/**
 * Validates the result of one invoke method (defence in depth on the renderer side).
 *
 * @throws Error `instantLab.<method>: invalid response — <issues>`.
 * @see https://zod.dev/basics#handling-errors
 */
export function parseInvokeResult<M extends InvokeMethod>(method: M, value: unknown): InvokeResult<M> {
  const result = INVOKE_CONTRACT[method].result.safeParse(value);
  if (!result.success) {
    throw new Error(`instantLab.${method}: invalid response — ${formatIssues(result.error)}`);
  }
  return result.data as InvokeResult<M>;
}
