/** The admin account the server creates at start (SHOP_ADMIN_EMAIL default, password set by global setup). */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-pass-123';

let counter = 0;

/** A name and e-mail no other test uses, so each test has its own account and data. */
export function uniqueAccount(label: string) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${id}@example.com`,
    password: `pw-${id}`,
  };
}
