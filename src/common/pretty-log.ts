/** Where log text goes: a pino destination (process.stdout, or a test's collector). */
export interface LineSink {
  write(text: string): unknown;
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\x1b[90m' },
  20: { name: 'DEBUG', color: '\x1b[36m' },
  30: { name: 'INFO ', color: '\x1b[32m' },
  40: { name: 'WARN ', color: '\x1b[33m' },
  50: { name: 'ERROR', color: '\x1b[31m' },
  60: { name: 'FATAL', color: '\x1b[35m' },
};
const RESET = '\x1b[0m';
/** Shown in the line's head or dropped; everything else follows as key=value. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'context', 'pid', 'hostname', 'err', 'httpErr']);

/**
 * LOG_FORMAT=pretty without pino-pretty (not installed here): each JSON line pino writes becomes
 * `12:00:00.000 INFO  [Context] message key=value …`, an error's stack on the lines below. The same
 * fields as the JSON lines, so the same things are (and are not) logged.
 */
export function prettyLogStream(sink: LineSink, colors = false): LineSink {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) sink.write(`${prettyLine(line, colors)}\n`);
    },
  };
}

export function prettyLine(json: string, colors = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level).padEnd(5), color: '' };
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const head = [time, colors ? `${level.color}${level.name}${RESET}` : level.name];
  if (entry.context) head.push(`[${String(entry.context)}]`);
  if (entry.msg !== undefined) head.push(String(entry.msg));
  const fields = Object.entries(entry)
    .filter(([k, v]) => !HEAD_FIELDS.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const err = (entry.err ?? entry.httpErr) as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).split('\n').join('\n    ')}` : '';
  return `${[...head, ...fields].join(' ')}${stack}`;
}
