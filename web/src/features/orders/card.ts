/**
 * Card fields as the buyer types them: the number grouped in fours, the expiry as "MM / YY".
 * These checks give clear messages early; the payment provider has the last word.
 */

export const MAX_CARD_DIGITS = 19;

/** Only the digits of what was typed. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30"; a first digit above 1 is a month on its own ("430" → "04 / 30"). */
export function formatExpiry(value: string): string {
  // A four-digit year typed or pasted in full ("12/2030") keeps its last two digits.
  const full = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  if (full) return `${full[1]!.padStart(2, '0')} / ${full[2]}`;
  let digits = digitsOf(value);
  // A lone digit stays as typed, so deleting the 0 of "04" is not undone.
  if (/^[2-9]\d/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Keeps only the digits of a CVC, at most 4. */
export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** "MM / YY" (or "MM/YYYY") as a month and a four-digit year; null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** Whether a card good until the end of `month`/`year` has expired by `today`. */
export function isExpired({ month, year }: { month: number; year: number }, today = new Date()): boolean {
  const thisYear = today.getFullYear();
  const thisMonth = today.getMonth() + 1;
  return year < thisYear || (year === thisYear && month < thisMonth);
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Reformats an input's value in place and keeps the caret after the same digit it was after, so
 * typing or deleting in the middle of a card number does not throw the caret to the end.
 */
export function reformatInput(input: HTMLInputElement, format: (value: string) => string): void {
  const raw = input.value;
  const formatted = format(raw);
  if (formatted === raw) return;
  const caret = input.selectionStart ?? raw.length;
  const digitsBefore = digitsOf(raw.slice(0, caret)).length;
  input.value = formatted;
  if (typeof document === 'undefined' || document.activeElement !== input) return;
  let position = 0;
  let seen = 0;
  while (position < formatted.length && seen < digitsBefore) {
    if (/\d/.test(formatted[position]!)) seen += 1;
    position += 1;
  }
  // After a group's last digit, jump over the separator that follows when typing forwards.
  if (caret === raw.length) position = formatted.length;
  input.setSelectionRange(position, position);
}
