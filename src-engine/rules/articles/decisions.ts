/**
 * The product's decisions (M1–M6, G1–G5, R1–R5) as short data (`resources/rules/decisions.json`),
 * so that a citation of « M6 » opens its statement beside the articles. The full statements, with
 * the code that applies each decision and the tests that check it, are in `docs/rules.md`.
 */
import { z } from 'zod';
import decisionsJson from '../../../resources/rules/decisions.json';
import type { GameId } from '../types';

/** One decision of the product. */
export interface RuleDecision {
  /** « M1 » … « R5 ». */
  readonly code: string;
  /** The game it concerns; null for a decision on blocks and units of both games (R…). */
  readonly game: GameId | null;
  readonly en: string;
  readonly fr: string;
}

const decisionsFileSchema = z
  .object({
    format: z.literal('instant-lab-decisions/1'),
    note: z.string(),
    decisions: z.array(
      z
        .object({
          code: z.string().regex(/^[MGR][1-9]$/),
          game: z.enum(['mine-d-or', 'les-3-gongs']).nullable(),
          en: z.string().min(1),
          fr: z.string().min(1),
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    for (const d of f.decisions) {
      if (seen.has(d.code)) ctx.addIssue({ code: 'custom', message: `decision ${d.code} appears twice` });
      seen.add(d.code);
    }
  });

const DECISIONS: readonly RuleDecision[] = decisionsFileSchema.parse(decisionsJson).decisions;

/** Every decision, in the order of `docs/rules.md`. */
export function ruleDecisions(): readonly RuleDecision[] {
  return DECISIONS;
}

/** The decision of a code (« G5 »), or undefined when the product has no such decision. */
export function ruleDecision(code: string): RuleDecision | undefined {
  return DECISIONS.find((d) => d.code === code);
}
