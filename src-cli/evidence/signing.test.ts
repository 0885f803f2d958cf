import { describe, expect, it } from 'vitest';
import { keyModeWarning } from './signing';

describe('a private key file others can read', () => {
  it('gets one warning line naming the file, its mode and the fix, as ssh warns', () => {
    expect(keyModeWarning('/k/operator.key', 0o100644, 'linux')).toBe(
      'warning: private key file "/k/operator.key" has mode 0644: its group or others can read it, and whoever reads it can sign bundles in your name; run `chmod 600 "/k/operator.key"`',
    );
    expect(keyModeWarning('k', 0o100640, 'darwin')).toMatch(/has mode 0640/);
    expect(keyModeWarning('k', 0o100604, 'linux')).toMatch(/has mode 0604/);
    // a name with a line end cannot forge a second line
    expect(keyModeWarning('a\nb.key', 0o100666, 'linux')).not.toMatch(/\n/);
  });

  it('says nothing for a file its owner only can read, nor on Windows, which has no such modes', () => {
    expect(keyModeWarning('k', 0o100600, 'linux')).toBeNull();
    expect(keyModeWarning('k', 0o100400, 'linux')).toBeNull();
    expect(keyModeWarning('k', 0o100666, 'win32')).toBeNull();
  });
});
