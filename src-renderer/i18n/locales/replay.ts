/** Messages of the replay screen. */
export default {
  fr: { replay: {} as Record<string, unknown> },
  en: { replay: {} as Record<string, unknown> },
};
