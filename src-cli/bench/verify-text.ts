/**
 * `bench`'s export and verify rows as text ({@link measureVerify}), in English or French (one
 * language a line): each row, then the ratios the targets read, each on its line beside the
 * machine's own, and what two workers can be at best on this machine's two cores.
 */
import type { Pass, VerifyBench } from './verify-beside';

/**
 * The most two workers can be against one on two cores, from the same run: the file's SHA-256 is
 * one sequential pass (H CPU seconds) beside the workers' W, so one worker takes at least
 * max(W, H) and two at least (W + H) / 2 (`hash`, null when the workers' CPU is unknown); and the
 * two-worker run's own CPU, every thread, cannot take less than half its seconds on two cores
 * (`cpu`: its share of one worker's wall).
 */
export function twoWorkerBounds(b: VerifyBench): { hash: number | null; cpu: number } {
  const one = b.verify.find((v) => v.workers === 1)!;
  const two = b.verify.find((v) => v.workers === 2)!;
  const w = one.worker_cpu_seconds;
  const h = b.sha256.cpu_seconds;
  return {
    hash: w === null ? null : (2 * Math.max(w, h)) / (w + h),
    cpu: (2 * one.seconds) / two.cpu_seconds,
  };
}

export function verifyBenchText(b: VerifyBench, fr: boolean): string {
  const num = (x: number, d = 0) => x.toLocaleString(fr ? 'fr-FR' : 'en-GB', { maximumFractionDigits: d });
  const row = (name: string, p: Pass) =>
    `  ${name.padEnd(29)} ${num(p.seconds, 2).padStart(7)} s  ${num(p.mb_per_second, 1).padStart(7)} ${fr ? 'Mo/s' : 'MB/s'}  ${num(p.units_per_second).padStart(9)} ${fr ? 'unités/s' : 'units/s'}  CPU ${num(p.cpu_seconds, 2).padStart(6)} s`;
  const one = b.verify.find((v) => v.workers === 1)!;
  const two = b.verify.find((v) => v.workers === 2)!;
  const x = (r: number) => `${num(r, 2)}×`;
  const s = (t: number) => `${num(t, 2)} s`;
  const t1 = b.plain_parse_threads.find((t) => t.workers === 1)!;
  const t2 = b.plain_parse_threads.find((t) => t.workers === 2)!;
  const machine = t1.seconds / t2.seconds;
  const game = b.game === 'mine-d-or' ? "Mine d'or" : 'Les 3 Gongs';
  const bound = twoWorkerBounds(b);
  const w = one.worker_cpu_seconds;
  const conforming = [...b.verify, ...b.verify_compiled].every((v) => v.conforming);
  const again1 = b.verify_compiled.find((v) => v.workers === 1)!;
  const again2 = b.verify_compiled.find((v) => v.workers === 2)!;
  return [
    fr
      ? `\nExport et vérification d'un bloc ${game} (${num(b.units)} unités, ${num(b.bytes / 1e6, 1)} Mo), même passe :`
      : `\nExport and verify of one ${game} block (${num(b.units)} units, ${num(b.bytes / 1e6, 1)} MB), same run:`,
    row('export (JSONL), 1 worker', b.export[0]!),
    row('export (JSONL), 2 workers', b.export[1]!),
    row(fr ? 'copie simple des octets' : 'plain copy of the bytes', b.plain_copy),
    row(fr ? 'JSON.parse de chaque ligne' : 'JSON.parse of every line', b.plain_parse),
    row(fr ? 'SHA-256 du fichier, 1 thread' : 'SHA-256 of the file, 1 thread', b.sha256),
    row('verify, 1 worker', one),
    row('verify, 2 workers', two),
    row(fr ? 'verify à nouveau, 1 worker' : 'verify again, 1 worker', again1),
    row(fr ? 'verify à nouveau, 2 workers' : 'verify again, 2 workers', again2),
    row(fr ? 'JSON.parse sur 1 thread' : 'JSON.parse on 1 thread', t1),
    row(fr ? 'JSON.parse sur 2 threads' : 'JSON.parse on 2 threads', t2),
    fr
      ? `  verify sur 1 worker ÷ le JSON.parse : ${x(b.plain_parse.seconds / one.seconds)} (cible ≥ 0,7)`
      : `  verify on 1 worker ÷ the JSON.parse pass: ${x(b.plain_parse.seconds / one.seconds)} (target ≥ 0.7)`,
    fr
      ? `  verify sur 2 workers ÷ 1 worker : ${x(one.seconds / two.seconds)} (cible ≥ 1,8) ; verdicts : ${conforming ? 'conformes' : 'NON CONFORMES'}`
      : `  verify on 2 workers ÷ 1 worker: ${x(one.seconds / two.seconds)} (target ≥ 1.8); verdicts: ${conforming ? 'conforming' : 'NOT CONFORMING'}`,
    fr
      ? `  le JSON.parse partagé de même (sa plage d'octets à chaque thread) : 2 threads = ${x(machine)} un, ce que les 2 cœurs de cette machine ont permis dans cette passe ; verify 2 workers ÷ 1 = ${num((one.seconds / two.seconds / machine) * 100)} % de ce rapport`
      : `  the JSON.parse pass split the same way (each thread its byte range): 2 threads = ${x(machine)} one, what this machine's 2 cores allowed in this run; verify's 2 workers ÷ 1 = ${num((one.seconds / two.seconds / machine) * 100)}% of that ratio`,
    ...(bound.hash === null || w === null
      ? []
      : [
          fr
            ? `  au mieux sur 2 cœurs, le SHA-256 ne se partageant pas (H = ${s(b.sha256.cpu_seconds)} de CPU) à côté des workers de la passe à 1 worker (W = ${s(w)} de CPU) : 2 workers ≤ 2 × max(W, H) ÷ (W + H) = ${x(bound.hash)} un`
            : `  at best on 2 cores, the SHA-256 being one sequential pass (H = ${s(b.sha256.cpu_seconds)} of CPU) beside the 1-worker run's workers (W = ${s(w)} of CPU): 2 workers ≤ 2 × max(W, H) ÷ (W + H) = ${x(bound.hash)} one`,
        ]),
    fr
      ? `  sur 2 cœurs, le CPU de la passe à 2 workers (${s(two.cpu_seconds)}, tous les threads) demande au moins ${s(two.cpu_seconds / 2)} ; 1 worker a pris ${s(one.seconds)} : 2 workers ≤ ${x(bound.cpu)} un dans cette passe`
      : `  on 2 cores, the 2-worker run's CPU (${s(two.cpu_seconds)}, every thread) needs at least ${s(two.cpu_seconds / 2)}; 1 worker took ${s(one.seconds)}: 2 workers ≤ ${x(bound.cpu)} one in this run`,
    fr
      ? `  à nouveau sur les mêmes workers, leur code compilé (ce que coûte chaque bloc suivant d'une émission) : 1 worker = ${x(b.plain_parse.seconds / again1.seconds)} le JSON.parse ; 2 workers ÷ 1 = ${x(again1.seconds / again2.seconds)}`
      : `  again on the same workers, their code compiled (what each later block of an emission costs): 1 worker = ${x(b.plain_parse.seconds / again1.seconds)} the JSON.parse pass; 2 workers ÷ 1 = ${x(again1.seconds / again2.seconds)}`,
    fr
      ? `  export sur 1 worker ÷ la copie : ${x(b.plain_copy.seconds / b.export[0]!.seconds)} ; 2 workers ÷ 1 : ${x(b.export[0]!.seconds / b.export[1]!.seconds)}`
      : `  export on 1 worker ÷ the copy: ${x(b.plain_copy.seconds / b.export[0]!.seconds)}; 2 workers ÷ 1: ${x(b.export[0]!.seconds / b.export[1]!.seconds)}`,
    fr
      ? `  en secondes CPU, quelle que soit la charge : verify sur 1 worker = ${x(b.plain_parse.cpu_seconds / one.cpu_seconds)} le JSON.parse, sur 2 workers ${x(two.cpu_seconds / one.cpu_seconds)} le CPU d'un ; JSON.parse sur 2 threads ${x(t2.cpu_seconds / t1.cpu_seconds)} le CPU d'un`
      : `  in CPU seconds, whatever the load: verify on 1 worker = ${x(b.plain_parse.cpu_seconds / one.cpu_seconds)} the JSON.parse pass, on 2 workers ${x(two.cpu_seconds / one.cpu_seconds)} the CPU of one; JSON.parse on 2 threads ${x(t2.cpu_seconds / t1.cpu_seconds)} the CPU of one`,
    '',
  ].join('\n');
}
