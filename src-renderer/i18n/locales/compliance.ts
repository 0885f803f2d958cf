/** Messages of the compliance screen. */
export default {
  fr: { compliance: {} as Record<string, unknown> },
  en: { compliance: {} as Record<string, unknown> },
};
