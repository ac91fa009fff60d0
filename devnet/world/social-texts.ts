/**
 * Phrase banks for the devnet's social posts. `$S` is replaced with the token's cashtag symbol.
 * Each bank reads clearly as one mood, so a lexicon sentiment model has something true to find.
 */
export type Mood = 'positive' | 'neutral' | 'negative';

export const HYPE: string[] = [
  'Just aped into $S, chart looks amazing 🚀',
  '$S is the gem of the week, early holders will be rewarded',
  'Bullish on $S. Great community, great vibes',
  '$S going to the moon, loving this launch',
  'Bought more $S on the dip, this one is special. So bullish',
  'Strong buy pressure on $S today, very bullish',
  '$S holders are winning, huge potential here',
  'Love the energy around $S, easy 10x from here',
];

export const CLEAN_GOOD: string[] = [
  'Ownership of $S is renounced and liquidity is deep. Solid, honest project',
  'Read the $S contract: plain ERC-20, no mint, no blacklist. Love to see it',
  '$S keeps growing steadily, healthy volume and hundreds of holders',
  'Great transparency from the $S team, open source and verified',
  'Happy holder of $S since launch, smooth buys and sells, no surprises',
  '$S is one of the safest tokens I have checked this month. Excellent work',
  'Good to see $S trending for the right reasons, strong fundamentals',
  '$S community call was great, clear roadmap and a friendly team',
  'Sold a bit of $S for profit, no tax and no issues. Recommended',
  'Another green day for $S, nice and steady',
  'Audited the $S code myself, clean and simple. Bullish',
  'Thank you $S devs for doing it properly. Great token',
];

export const CLEAN_NEUTRAL: string[] = [
  '$S price is flat today, waiting for the next catalyst',
  'Anyone know when the $S roadmap update is due?',
  'Watching $S, volume is average this week',
  '$S listed on another tracker today',
];

export const CANT_SELL: string[] = [
  "Can't sell $S. Every sell reverts. This is a honeypot, avoid!",
  'Tried to sell my $S three times, transaction failed every time. SCAM',
  '$S is a honeypot. You can buy but you cannot sell. Stay away',
  'Lost my money on $S, sells are blocked in the contract. Terrible',
  'Warning: $S blocks sells for everyone except the dev. Do not buy',
  'Stuck with $S tokens I cannot sell. Reported the scam',
  'Why does my $S sell keep reverting?? Dev is silent. Rug vibes',
  'Honeypot alert: $S. Checked it, sell function fails. Avoid avoid avoid',
  'Furious. $S took my ETH and I cannot sell a single token',
  '$S devs deleted my question about failed sells from the chat. Scam confirmed',
];

export const TAX_TALK: string[] = [
  '$S has a 25% sell tax, that is brutal. Be careful',
  'Heads up: $S charges 5% on buys and 25% on sells',
  'The $S sell tax ate a quarter of my profit. Not happy',
  '$S fee is too high to trade, only worth it if you hold long',
  'Owner of $S can change the fees at any time, risky',
  '$S holders say the tax funds marketing, I am not convinced',
  'Bought $S, tax was 5% as advertised. Fine for now',
  '$S volume is low, the heavy sell tax keeps traders away',
];

export const OWNER_POWERS: string[] = [
  'The $S owner can mint, pause and blacklist. Be careful with size',
  'Dev of $S just minted 10M new tokens. Not a good sign',
  '$S contract has a blacklist function, centralised risk',
  'A wallet got blacklisted on $S today, cannot move its tokens',
  '$S team says the pause switch is for emergencies only',
  'Neutral on $S: real product, but way too much owner control',
  '$S trades on the USDC pair, liquidity looks okay',
  'Waiting for $S to renounce ownership before buying',
];

export const PROXY_TALK: string[] = [
  '$S is an upgradeable proxy, the team can change the code later',
  'Reading the $S implementation contract, looks standard for now',
  '$S announced a contract upgrade timeline, audit pending',
  'Proxy tokens like $S need trust in the admin key. Watching',
  '$S liquidity steady this week',
  'Any audit of the $S implementation yet?',
];

export const REWARDS_HYPE: string[] = [
  '$S rewards are live, holders get paid just for holding 🚀',
  'Staking rewards on $S look amazing, great APY',
  '$S is the best reward token this season, bullish',
  'Loving the $S reward sync, free tokens every day',
  'Early on $S, rewards program is genius',
];

export const SUPPLY_DUMP: string[] = [
  '$S supply just jumped by 50M out of nowhere. No mint event? Scam',
  'Dev of $S printed tokens through syncRewards and dumped on us. Terrible',
  '$S price crashed, the owner sold millions of fresh tokens. Avoid',
  'Hidden mint in $S confirmed, the reward function creates supply. Rug',
  'Sold my $S at a loss after the dev dump. Lesson learned',
  'Stay away from $S, inflated supply and the dev is dumping',
];

export const LIMIT_TALK: string[] = [
  '$S has a max transaction of 1% of supply, cannot buy big',
  'Got hit by the $S cooldown, had to wait between trades. Annoying',
  '$S limits make it hard to exit a position quickly',
  'Max wallet and cooldown on $S. Not for me',
  '$S anti-whale rules are fine for small buyers I guess',
  'Tried to sell $S in one go, failed because of the max tx limit',
  '$S trading feels slow with these limits',
];

export const SHILL: string[] = [
  '$S volume is exploding!!! 🚀🚀🚀',
  'Huge volume on $S, do not miss this gem',
  '$S is trending, massive buys every hour 🔥',
  '$S top volume today, next 100x',
  'Buy $S now, volume does not lie 🚀',
  '$S massive volume, moon soon',
];

export const SNIPE_LAUNCH: string[] = [
  'Bots sniped the $S launch block, five wallets bought before anyone else',
  '$S launch was sniped, those wallets were all funded from one address',
  'The $S snipers hold a big share of supply, careful',
  'Bought $S after launch, price already pumped by bots',
  'Launch of $S looked fair to me, liquidity is fine',
];

export const SNIPE_AFTER: string[] = [
  '$S snipers just dumped on everyone. Bad launch',
  '$S chart is recovering after the sniper dump',
  'All five $S launch snipers sold. Price is stable now',
  'Holding $S, the bots are gone and volume is organic again',
];

export const RUGGED: string[] = [
  '$S liquidity was just pulled. RUG PULL. Dev removed all the LP',
  '$S is dead, the dev drained the pool and vanished. Scam',
  'Rugged on $S. Lost everything, the pair is empty',
  'Cannot sell $S anymore, there is no liquidity left. Rug',
  'The $S website and chat went offline right after the rug',
  'Warning to everyone: $S team rugged. Avoid their next launch',
  '$S holders got scammed, the LP was removed today',
  'Terrible. $S dev kept all the LP tokens and pulled it',
];
