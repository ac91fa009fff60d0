/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (no parser is installed here, and
 * prom-client only writes it). Every line must be a `# HELP`, a `# TYPE`, another comment, or a
 * sample `name{label="value",…} value [timestamp]`; anything else throws, naming the line. It also
 * checks what a scraper relies on: one HELP and one TYPE per family, given before its samples; a
 * family's samples together; no series twice; histograms with an `le` on every bucket, cumulative
 * buckets, and a +Inf bucket equal to `_count`.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help?: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE_HEAD = new RegExp(`^(${NAME})`);
/** Go's ParseFloat, which Prometheus uses: decimals, and NaN / Inf / Infinity in any case (prom-client writes `Nan`). */
const VALUE = /^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf(?:inity)?|nan)$/i;
const TIMESTAMP = /^-?\d+$/;
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export class PrometheusParseError extends Error {}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const closed = new Set<string>();
  const seenSeries = new Set<string>();
  const typed = new Set<string>();
  let current: MetricFamily | undefined;
  const fail = (n: number, line: string, why: string): never => {
    throw new PrometheusParseError(`line ${n + 1}: ${why}: ${JSON.stringify(line)}`);
  };
  const family = (name: string, n: number, line: string): MetricFamily => {
    if (current && current.name !== name) closed.add(current.name);
    if (closed.has(name)) fail(n, line, `family ${name} continues after another family`);
    let f = families.get(name);
    if (!f) families.set(name, (f = { name, type: 'untyped', samples: [] }));
    current = f;
    return f;
  };

  if (text.length > 0 && !text.endsWith('\n'))
    throw new PrometheusParseError('the exposition does not end with a line feed');
  const lines = text.split('\n').slice(0, -1);
  lines.forEach((line, n) => {
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const help = HELP_LINE.exec(line);
      const type = TYPE_LINE.exec(line);
      if (help) {
        const f = family(help[1], n, line);
        if (f.help !== undefined) fail(n, line, `second HELP for ${f.name}`);
        f.help = unescapeHelp(help[2], () => fail(n, line, 'bad escape in HELP'));
      } else if (type) {
        const f = family(type[1], n, line);
        if (f.samples.length > 0 || typed.has(f.name)) fail(n, line, `TYPE for ${f.name} after its samples or twice`);
        f.type = type[2] as MetricType;
        typed.add(f.name);
      } else if (/^# (HELP|TYPE)\b/.test(line)) {
        fail(n, line, 'malformed HELP or TYPE line');
      }
      return;
    }
    const sample = parseSample(line, (why) => fail(n, line, why));
    const owner = familyOf(sample.name, current) ?? sample.name;
    const f = family(owner, n, line);
    if (!SUFFIXES[f.type].some((suffix) => `${f.name}${suffix}` === sample.name))
      fail(n, line, `${sample.name} is no sample name of ${f.type} ${f.name}`);
    if (f.type === 'histogram' && sample.name.endsWith('_bucket') && sample.labels.le === undefined)
      fail(n, line, 'histogram bucket without le');
    const series = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seenSeries.has(series)) fail(n, line, 'the same series twice');
    seenSeries.add(series);
    f.samples.push(sample);
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

/** The family a sample belongs to: the current one when the name is one of its sample names. */
function familyOf(name: string, current: MetricFamily | undefined): string | undefined {
  if (!current) return undefined;
  return SUFFIXES[current.type].some((suffix) => `${current.name}${suffix}` === name) ? current.name : undefined;
}

function parseSample(line: string, fail: (why: string) => never): Sample {
  const head = SAMPLE_HEAD.exec(line) ?? fail('no metric name');
  const name = head[1];
  let i = name.length;
  const labels: Record<string, string> = {};
  if (line[i] === '{') {
    i++;
    while (line[i] !== '}') {
      const eq = line.indexOf('=', i);
      if (eq < 0) fail('label without =');
      const labelName = line.slice(i, eq);
      if (!LABEL_NAME.test(labelName)) fail(`bad label name ${JSON.stringify(labelName)}`);
      if (labelName in labels) fail(`label ${labelName} twice`);
      if (line[eq + 1] !== '"') fail('label value not quoted');
      let j = eq + 2;
      let value = '';
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] !== '\\') {
          value += line[j];
          continue;
        }
        const escaped = line[++j];
        if (escaped === '\\' || escaped === '"') value += escaped;
        else if (escaped === 'n') value += '\n';
        else fail('bad escape in a label value');
      }
      if (j >= line.length) fail('unterminated label value');
      labels[labelName] = value;
      i = j + 1;
      if (line[i] === ',') i++;
      else if (line[i] !== '}') fail('expected , or } after a label');
    }
    i++;
  }
  if (line[i] !== ' ') fail('expected a space before the value');
  const [valueText, timestamp, ...rest] = line.slice(i + 1).split(' ');
  if (!VALUE.test(valueText ?? '')) fail(`bad value ${JSON.stringify(valueText)}`);
  if (timestamp !== undefined && !TIMESTAMP.test(timestamp)) fail('bad timestamp');
  if (rest.length > 0) fail('trailing text');
  return { name, labels, value: toNumber(valueText) };
}

function toNumber(text: string): number {
  if (/^nan$/i.test(text)) return NaN;
  if (/^[+-]?inf(inity)?$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}

function unescapeHelp(text: string, fail: () => never): string {
  return text.replace(/\\(.?)/g, (_m, c: string) => (c === '\\' ? '\\' : c === 'n' ? '\n' : fail()));
}

function checkHistogram(f: MetricFamily): void {
  const series = new Map<string, { buckets: { le: number; count: number }[]; count?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const id = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(id) ?? { buckets: [] };
    series.set(id, entry);
    if (s.name.endsWith('_bucket')) entry.buckets.push({ le: toNumber(le), count: s.value });
    if (s.name.endsWith('_count')) entry.count = s.value;
  }
  for (const [id, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a.le - b.le);
    sorted.forEach((b, k) => {
      if (k > 0 && b.count < sorted[k - 1].count)
        throw new PrometheusParseError(`${f.name} ${id}: buckets are not cumulative`);
    });
    const inf = sorted[sorted.length - 1];
    if (!inf || inf.le !== Infinity) throw new PrometheusParseError(`${f.name} ${id}: no +Inf bucket`);
    if (inf.count !== count)
      throw new PrometheusParseError(`${f.name} ${id}: +Inf bucket ${inf.count} differs from _count ${count}`);
  }
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
export function sampleSum(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number {
  let sum = 0;
  for (const f of families.values()) {
    for (const s of f.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) sum += s.value;
    }
  }
  return sum;
}

/** A metric of a MetricsService as a scrape would show it (the sum over series whose labels include `labels`). */
export async function metricValue(
  metrics: { render(): Promise<string> },
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return sampleSum(parsePrometheusText(await metrics.render()), name, labels);
}
