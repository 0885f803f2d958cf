/**
 * Before each test file of the screens' folders that share a process (vitest.config.ts): the module
 * state a fresh process starts with, whatever the file before left — the interface language French,
 * the bridge and the engine pools the defaults (made again on first use), no active store.
 */
import { setActivePinia } from 'pinia';
import { setLocale } from './i18n';
import { setBridge } from './bridge';
import { setEnginePool } from './workers/engine-pool';
import type { PoolName } from './workers/engine-pool';

const POOLS: readonly PoolName[] = ['shared', 'simulation', 'search', 'replay', 'emission'];

setLocale('fr');
setBridge(undefined);
for (const name of POOLS) setEnginePool(undefined, name);
setActivePinia(undefined);
