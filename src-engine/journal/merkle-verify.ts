/**
 * The checks of the journal's Merkle proofs, exactly as RFC 9162 §2.1.3.2 (inclusion) and
 * §2.1.4.2 (consistency) state them. A proof's length is judged before any hash is computed: one
 * longer than ⌈log₂ n⌉ + 1 hashes, the most any proof in a tree of n leaves may take, is refused
 * outright, and one of another length than its sizes give (RFC 6962 §2.1.1–2.1.2 fix it) is wrong.
 * Sizes are whole numbers up to 2^53: halved by division, never by 32-bit shifts.
 */
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { nodeHash } from './merkle';
import type { Hash } from './merkle';

/** Why a proof does not hold, or null when it does. */
export type ProofRefusal = LocalizedText | null;

const odd = (x: number): boolean => x % 2 === 1;
const half = (x: number): number => Math.floor(x / 2);
const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether x (≥ 1) is 2^k. */
function isPowerOfTwo(x: number): boolean {
  let y = x;
  while (y % 2 === 0) y /= 2;
  return y === 1;
}

/** ⌈log₂ n⌉, for n ≥ 1. */
export function ceilLog2(n: number): number {
  let k = 0;
  while (2 ** k < n) k++;
  return k;
}

/** The number of bits of x (0 for 0). */
const bitLength = (x: bigint): number => x.toString(2).replace(/^0+/, '').length;
const popCount = (x: bigint): number => x.toString(2).replace(/0/g, '').length;

/** The length of the inclusion proof of leaf `index` in a tree of `size` (RFC 6962 §2.1.1's PATH). */
export function inclusionProofLength(index: number, size: number): number {
  const inner = bitLength(BigInt(index) ^ BigInt(size - 1));
  return inner + popCount(BigInt(index) >> BigInt(inner));
}

/** The length of the consistency proof from `first` leaves to `second` (0 < first < second; RFC 6962 §2.1.2). */
export function consistencyProofLength(first: number, second: number): number {
  let shift = 0;
  while (first % 2 ** (shift + 1) === 0) shift++;
  const index = BigInt(first - 1);
  const inner = bitLength(index ^ BigInt(second - 1));
  const border = popCount(index >> BigInt(inner));
  return (first === 2 ** shift ? 0 : 1) + inner - shift + border;
}

const sizes = (en: string, fr: string): LocalizedText => localized(en, fr);

/** Refuses a proof too long for a tree of `size`, or not of the length its sizes give; before any hash. */
function lengthRefusal(got: number, want: number, size: number): ProofRefusal {
  const most = ceilLog2(size) + 1;
  if (got > most)
    return localized(
      `the proof has ${got} hashes, more than the ${most} any proof in a tree of ${size} entries may take (⌈log₂ ${size}⌉ + 1): refused unread`,
      `la preuve a ${got} empreintes, plus que les ${most} que peut prendre toute preuve dans un arbre de ${size} entrées (⌈log₂ ${size}⌉ + 1) : refusée sans être lue`,
    );
  if (got !== want)
    return localized(
      `the proof has ${got} hashes; a proof for these sizes has ${want}: not a proof for them`,
      `la preuve a ${got} empreintes ; une preuve pour ces tailles en a ${want} : ce n'est pas une preuve pour elles`,
    );
  return null;
}

const validSize = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

/**
 * Whether `proof` proves that the leaf hashed `leaf` is leaf `index` (from 0) of the tree of
 * `size` leaves whose root is `root` (RFC 9162 §2.1.3.2).
 */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Hash,
  proof: readonly Hash[],
  root: Hash,
): ProofRefusal {
  if (!validSize(index) || !validSize(size) || index >= size)
    return sizes(
      `entry ${index + 1} is not in a tree of ${size} entries`,
      `l'entrée ${index + 1} n'est pas dans un arbre de ${size} entrées`,
    );
  const wrong = lengthRefusal(proof.length, inclusionProofLength(index, size), size);
  if (wrong) return wrong;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return sizes('the proof is longer than its path', 'la preuve est plus longue que son chemin');
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else r = nodeHash(r, p);
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0 || !equal(r, root))
    return localized(
      `the proof does not lead from the entry to the root: the entry, its number or the root is not the one proved`,
      `la preuve ne mène pas de l'entrée à la racine : l'entrée, son numéro ou la racine n'est pas celle prouvée`,
    );
  return null;
}

/**
 * Whether `proof` proves that the tree of `first` leaves with root `firstRoot` is the beginning of
 * the tree of `second` leaves with root `secondRoot`: nothing of it removed or changed
 * (RFC 9162 §2.1.4.2).
 */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Hash,
  secondRoot: Hash,
  proof: readonly Hash[],
): ProofRefusal {
  if (!validSize(first) || !validSize(second) || first > second)
    return sizes(
      `a tree of ${first} entries cannot be the beginning of one of ${second}`,
      `un arbre de ${first} entrées ne peut pas être le début d'un arbre de ${second}`,
    );
  const differ = localized(
    'the proof does not lead to both roots: the later tree does not extend the earlier one (an entry removed or changed)',
    "la preuve ne mène pas aux deux racines : l'arbre ultérieur ne prolonge pas l'antérieur (une entrée supprimée ou modifiée)",
  );
  if (first === 0 || first === second) {
    const wrong = lengthRefusal(proof.length, 0, Math.max(second, 1));
    if (wrong) return wrong;
    return first === 0 || equal(firstRoot, secondRoot) ? null : differ;
  }
  const wrong = lengthRefusal(proof.length, consistencyProofLength(first, second), second);
  if (wrong) return wrong;
  // the RFC's step 2: a first tree that is a perfect subtree is its own first hash
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return differ;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else sr = nodeHash(sr, c);
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equal(fr, firstRoot) && equal(sr, secondRoot) ? null : differ;
}
