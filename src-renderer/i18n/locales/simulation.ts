/** Messages of the simulation screen. */
export default {
  fr: { simulation: {} as Record<string, unknown> },
  en: { simulation: {} as Record<string, unknown> },
};
