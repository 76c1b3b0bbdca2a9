/**
 * The one rule for every `date` and `date-time` the API reads (Ajv's formats use it, so every
 * parameter and body field declared with either format follows it): a day that exists, in the
 * years 0001–9999. That is the range PostgreSQL's date and timestamp types and JavaScript's Date
 * both hold and print alike: PostgreSQL has no year 0 (it fails the query), years past 9999 need
 * the expanded form JavaScript writes with a sign, and a leap second (23:59:60) is a time
 * PostgreSQL rolls over but JavaScript cannot parse.
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isStorableDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

export function isStorableDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isStorableDate(m[1])) return false;
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[5] && (Number(m[6]) > 23 || Number(m[7]) > 59)) return false;
  return !Number.isNaN(Date.parse(value.replace(' ', 'T')));
}
