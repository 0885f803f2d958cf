/**
 * French plurals: 0 and 1 take the singular (« 0 entrée affichée », « 1 entrée affichée »), 2 and
 * more the plural; vue-i18n's default rule is English's, which gives 0 the plural. A message with
 * three forms (« aucun | un | n ») keeps its three: none, one, more.
 * @see https://vue-i18n.intlify.dev/guide/essentials/pluralization#custom-pluralization
 */
export function frenchPlural(choice: number, choicesLength: number): number {
  const n = Math.abs(choice);
  if (choicesLength === 2) return n < 2 ? 0 : 1;
  return n === 0 ? 0 : n < 2 ? 1 : Math.min(2, choicesLength - 1);
}
