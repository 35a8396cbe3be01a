import dayjs, { type ConfigType } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Typed dates are read in the product's format (the date inputs parse DD/MM/YYYY with it).
dayjs.extend(customParseFormat);

/** The product's date format (spec 01 §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** Formats a date as DD/MM/YYYY in the browser's time zone. */
export function formatDate(value: ConfigType): string {
  return dayjs(value).format(DATE_FORMAT);
}

/** Formats an instant as DD/MM/YYYY HH:mm in the browser's time zone. */
export function formatDateTime(value: ConfigType): string {
  return dayjs(value).format(`${DATE_FORMAT} HH:mm`);
}

/** A day typed as DD/MM/YYYY → YYYY-MM-DD, or null when it is not a real day. */
export function parseDay(text: string): string | null {
  const day = dayjs(text.trim(), DATE_FORMAT, true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}
