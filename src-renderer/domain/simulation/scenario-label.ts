/**
 * A scenario's name said with its kind: « scénario « RTP 68 » », but not « scénario « Scénario —
 * Mine d'or 0,50 € (modifié) » », whose name already says what it is (the explorer's default names
 * start so): that one is quoted alone.
 */

/** The name already starts with the word « scénario » (French or English, any case). */
export function namesItsKind(name: string): boolean {
  return /^\s*sc[ée]nario\b/iu.test(name);
}
