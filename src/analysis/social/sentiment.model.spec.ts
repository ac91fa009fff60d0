import { SentimentIntensityAnalyzer } from 'vader-sentiment';
import { labelOf, SENTIMENT_MEMO_SIZE, sentimentOf } from './sentiment.model';

describe('sentimentOf', () => {
  it.each([
    ['Bullish on $CLEAN. Great community, great vibes', 'POSITIVE'],
    ['Thank you devs for doing it properly. Great token', 'POSITIVE'],
    ["Can't sell $HONEY. Every sell reverts. This is a honeypot, avoid!", 'NEGATIVE'],
    ['Rugged on $RUG. Lost everything, the pair is empty', 'NEGATIVE'],
    ['$RUG liquidity was just pulled. RUG PULL. Dev removed all the LP', 'NEGATIVE'],
    ['Watching $CLEAN, volume is average this week', 'NEUTRAL'],
    ['$CLEAN listed on another tracker today', 'NEUTRAL'],
  ])('%s → %s', (text, label) => {
    expect(sentimentOf(text).label).toBe(label);
  });

  it('reads crypto slang the general lexicon scores as nothing', () => {
    expect(sentimentOf('this token is a honeypot').compound).toBeLessThan(-0.3);
    expect(sentimentOf('the team rugged us').compound).toBeLessThan(-0.3);
    expect(sentimentOf('so bullish').compound).toBeGreaterThan(0.3);
  });

  it('negates whatever the case of the negation word', () => {
    expect(sentimentOf('Not happy').label).toBe('NEGATIVE');
    expect(sentimentOf('Not a good sign').label).toBe('NEGATIVE');
    expect(sentimentOf('not a good sign').compound).toBe(sentimentOf('Not a good sign').compound);
  });

  it('keeps compound within −1..1 and labels by VADER thresholds', () => {
    const s = sentimentOf('AMAZING!!! best token ever, love love love it 🚀');
    expect(s.compound).toBeGreaterThan(0.9);
    expect(s.compound).toBeLessThanOrEqual(1);
    expect([labelOf(0.05), labelOf(0.0499), labelOf(-0.0499), labelOf(-0.05)]).toEqual([
      'POSITIVE',
      'NEUTRAL',
      'NEUTRAL',
      'NEGATIVE',
    ]);
  });
});

describe('sentimentOf, remembered', () => {
  afterEach(() => jest.restoreAllMocks());

  it('scores a text seen before without running VADER again, with the same result', () => {
    const first = sentimentOf('a text scored twice, rugged');
    const vader = jest.spyOn(SentimentIntensityAnalyzer, 'polarity_scores');
    expect(sentimentOf('a text scored twice, rugged')).toEqual(first);
    expect(vader).not.toHaveBeenCalled();
    expect(sentimentOf('a text scored once')).toEqual(expect.objectContaining({ label: 'NEUTRAL' }));
    expect(vader).toHaveBeenCalledTimes(1);
  });

  it('hands out a copy: a caller changing its result changes no later answer', () => {
    const first = sentimentOf('Great community');
    first.compound = -1;
    expect(sentimentOf('Great community').compound).toBeGreaterThan(0);
  });

  it('keeps at most SENTIMENT_MEMO_SIZE texts, forgetting the oldest', () => {
    sentimentOf('the oldest text');
    for (let i = 0; i < SENTIMENT_MEMO_SIZE; i++) sentimentOf(`filler ${i}`);
    const vader = jest.spyOn(SentimentIntensityAnalyzer, 'polarity_scores');
    sentimentOf(`filler ${SENTIMENT_MEMO_SIZE - 1}`);
    expect(vader).not.toHaveBeenCalled();
    sentimentOf('the oldest text');
    expect(vader).toHaveBeenCalledTimes(1);
  });
});
