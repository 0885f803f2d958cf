/** Messages of the explorer screen. */
export default {
  fr: { explorer: {} as Record<string, unknown> },
  en: { explorer: {} as Record<string, unknown> },
};
