/** Worker handler: one unit opened alone (R2), timed where it runs. */
import { openUnit } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const openUnitHandler: Handler<'openUnit'> = ({ spec, index }) => {
  const t0 = performance.now();
  const unit = openUnit(spec, index);
  return { unit, openMs: performance.now() - t0 };
};
