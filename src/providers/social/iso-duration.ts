const DURATION =
  /^([+-])?P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const UNIT_SECONDS = [7 * 86_400, 86_400, 3_600, 60, 1];

/** Signed ISO 8601 duration ("-P1DT2H30M") in seconds; throws on anything else (no years or months: their length varies). */
export function durationSeconds(text: string): number {
  const match = DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T') || match.slice(2).every((part) => part === undefined)) {
    throw new Error(`not an ISO 8601 duration in weeks, days, hours, minutes or seconds: ${text}`);
  }
  const seconds = match.slice(2).reduce((sum, part, i) => sum + (part ? Number(part) * UNIT_SECONDS[i] : 0), 0);
  return match[1] === '-' ? -seconds : seconds;
}
