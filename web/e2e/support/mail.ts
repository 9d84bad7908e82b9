import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The shop's outgoing mail, as it writes it without an SMTP server: one `<time>-<id>.eml` file per
 * message in its data folder's `mail/` (global setup names the folder in SHOP_E2E_DATA_DIR).
 */
function mailDir(): string {
  const dir = process.env.SHOP_E2E_DATA_DIR;
  if (!dir) throw new Error('SHOP_E2E_DATA_DIR is not set: global setup did not start the shop');
  return path.join(dir, 'mail');
}

type Part = { headers: Map<string, string>; body: string };

/** Splits a message (or one MIME part) into its headers, unfolded and keyed in lower case, and its body. */
function parsePart(raw: string): Part {
  const text = raw.replace(/^\r?\n/, '');
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  const body = end ? text.slice(end.index + end[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text of every leaf part (plain text and HTML alike). */
function textsOf(part: Part): string[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((piece) => !piece.startsWith('--'))
      .flatMap((piece) => textsOf(parsePart(piece)));
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return [Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(part.body)];
  return [part.body];
}

export type Mail = { file: string; id: number; to: string; subject: string; text: string };

/** Every message the shop wrote so far, oldest first (by its outbox id, the order they were queued in). */
export function sentMail(): Mail[] {
  let names: string[];
  try {
    names = readdirSync(mailDir());
  } catch {
    return []; // nothing written yet
  }
  return names
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .map((name) => {
      const message = parsePart(readFileSync(path.join(mailDir(), name), 'utf8'));
      return {
        file: name,
        id: Number(/-(\d+)\.eml$/.exec(name)?.[1] ?? 0),
        to: message.headers.get('to') ?? '',
        subject: message.headers.get('subject') ?? '',
        text: textsOf(message).join('\n'),
      };
    })
    .sort((a, b) => a.id - b.id || a.file.localeCompare(b.file));
}

/** The messages to `address`, oldest first. */
export function mailTo(address: string): Mail[] {
  const wanted = address.toLowerCase();
  return sentMail().filter((mail) => mail.to.toLowerCase().includes(wanted));
}

/** The shop's links to `pathname` (e.g. "/reset-password") in a message, each with its `?token=`. */
export function linksIn(mail: Mail, pathname: string): string[] {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[^\\s"'<>&)]+`, 'g');
  // A sentence may end right after the link.
  return [...new Set((mail.text.match(pattern) ?? []).map((link) => link.replace(/[.,;:!?]+$/, '')))];
}

/**
 * The link to `pathname` in the newest message to `address` that has one, once the shop has written
 * it (the outbox sends in the background); as a path inside the shop, for `page.goto`.
 * `after` skips messages queued up to that outbox id (see `lastMailId`).
 */
export async function mailedLink(address: string, pathname: string, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailTo(address)
          .filter((candidate) => candidate.id > after && linksIn(candidate, pathname).length > 0)
          .at(-1);
        link = mail ? linksIn(mail, pathname)[0] : undefined;
        return link;
      },
      { message: `a message to ${address} with a link to ${pathname}`, timeout: 20_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The outbox id of the newest message written so far (0 for none): later messages have larger ids. */
export function lastMailId(): number {
  return sentMail().at(-1)?.id ?? 0;
}
