import dayjs, { type ConfigType } from 'dayjs';

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
