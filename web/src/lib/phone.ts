/** A phone number as a `tel:` link dials it: its digits, and a leading `+`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
