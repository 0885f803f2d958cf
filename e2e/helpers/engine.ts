/**
 * The engine, and the project's test fixtures, for the end-to-end tests' own checks: loaded from
 * the TypeScript sources through one tsx loader, once per process. Each spec file's own `tsImport`
 * registered another loader and loaded the whole engine again, in the runner listing the tests and
 * in every worker: a second of CPU per file, every loader kept and crossed by every later import.
 */
import { register } from 'tsx/esm/api';

const tsx = register({ namespace: 'e2e' });

/** A module of the project, `path` from its root, sharing the modules this process already loaded. */
export async function load<T>(path: string): Promise<T> {
  return (await tsx.import(`../../${path}`, import.meta.url)) as T;
}

/**
 * `make`'s value, computed on the first call and kept for the process: a spec file's fixtures
 * (blocks, exports, units found by a search) cost nothing when the tests are listed, and a worker
 * pays only for those its tests use.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
