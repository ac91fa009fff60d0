/** The package ships no types; this covers the one entry point used here. */
declare module 'vader-sentiment' {
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  };
}
