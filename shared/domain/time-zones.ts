/**
 * Time zones as the product meets them: a person's guessed zone on each entry (`Europe/Brussels`).
 * Building an `Intl.DateTimeFormat` costs far more than using one (about half a millisecond against
 * microseconds), and every write of a feeling, a thinking, a survey or an assessment checks its zone
 * and finds its day: each zone's formatter is built once and kept.
 */

/** Zones kept at most: the IANA list has about 600 names; the rest (case variants) are built each time. */
const KEPT_MAX = 1000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a calendar day (YYYY-MM-DD) in `zone`; undefined when the runtime knows no such zone. */
function dayFormatter(zone: string): Intl.DateTimeFormat | undefined {
  const kept = dayFormatters.get(zone);
  if (kept) return kept;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return undefined;
  }
  if (dayFormatters.size < KEPT_MAX) dayFormatters.set(zone, formatter);
  return formatter;
}

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Brussels`). */
export function isTimeZone(zone: string): boolean {
  return dayFormatter(zone) !== undefined;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; UTC when none is known. */
export function dayOf(timestamp: string, timeZone: string | undefined): string {
  const formatter =
    (timeZone ? dayFormatter(timeZone) : undefined) ?? (dayFormatter('UTC') as Intl.DateTimeFormat);
  return formatter.format(new Date(timestamp));
}
