/** What the explorer's store tests share: a table whose block is quick to make. */
import { useExplorerTableStore } from '../useExplorerTableStore';

/** A small Les 3 Gongs table (0,50 €): symbols of art. 4.3.1 only, so the block is quick to generate. */
export function smallTable(): void {
  const t = useExplorerTableStore();
  t.loadOfficial('les-3-gongs', 50);
  t.blockUnits = '3000';
  t.rows = [
    { amount: '15,00', lots: '2' },
    { amount: '1,00', lots: '340' },
    { amount: '0,50', lots: '400' },
  ];
}
