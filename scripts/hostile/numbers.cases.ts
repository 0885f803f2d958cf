/** Command lines with numbers that have more than one reading, or none (the engine's strict reader). */
import type { HostileClass } from './case';

const gongs = ['--game', 'les-3-gongs', '--stake', '0.5'];
const refused = (flag: string, why = 'is not valid'): RegExp =>
  new RegExp(`^error: --${flag} ".*" ${why}: expected [^\\n]*\\n$`);

export const hostile: HostileClass = {
  name: 'numbers',
  maxRssMb: 200,
  cases: [
    {
      name: 'calibrate with every count empty measures nothing: refused',
      args: () => ['calibrate', '--shuffles', '', '--blocks', '', '--power', '', '--sales', ''],
      code: 2,
      stderr: refused('shuffles', 'is empty'),
    },
    {
      name: 'calibrate --blocks 0x10',
      args: () => ['calibrate', '--blocks', '0x10'],
      code: 2,
      stderr: refused('blocks'),
    },
    { name: 'calibrate --power 1e3', args: () => ['calibrate', '--power', '1e3'], code: 2, stderr: refused('power') },
    { name: 'calibrate --sales +1', args: () => ['calibrate', '--sales', '+1'], code: 2, stderr: refused('sales') },
    {
      name: 'calibrate counts past the half-hour bound',
      args: () => ['calibrate', '--blocks', '1000000'],
      code: 2,
      stderr: /^error: this calibration would take about \d+ min of one core: at most 30 min is run;[^\n]*\n$/,
    },
    {
      name: 'simulate --blocks " 2" (a leading space)',
      args: () => ['simulate', ...gongs, '--blocks', ' 2'],
      code: 2,
      stderr: refused('blocks', 'has a space before or after it'),
    },
    {
      name: 'simulate --seed "42 " (a trailing space)',
      args: () => ['simulate', ...gongs, '--seed', '42 '],
      code: 2,
      stderr: /^error: seed "42 " has a space before or after it: expected digits only[^\n]*\n$/,
    },
    {
      name: 'simulate --workers 1e1',
      args: () => ['simulate', ...gongs, '--workers', '1e1'],
      code: 2,
      stderr: refused('workers'),
    },
    {
      name: 'profile --top ""',
      args: () => ['profile', '--top', ''],
      code: 2,
      stderr: refused('top', 'is empty'),
    },
    {
      name: 'optimise --rtp " 0.70"',
      args: () => ['optimise', ...gongs, '--rtp', ' 0.70', '--out', '/tmp/never-written.json'],
      code: 2,
      stderr: /^error: --rtp " 0\.70" is not valid: expected a share[^\n]*\n$/,
    },
  ],
};
