import { useSyncExternalStore } from 'react';
import { checkLineQuantity, type QuantityLimits } from '@/lib/quantity';
import type { CartLineInput } from './api-types';

/**
 * A visitor's cart, kept in this browser (localStorage `cart`, `[{partId, quantity, seenPrice}]`)
 * until they sign in, when it joins their account's cart (see api/get-cart.ts). The shop prices it
 * on every look (`POST /api/cart/quote`): nothing here is a price anyone is charged.
 */
const CART_KEY = 'cart';

/** The most lines a cart holds, in the browser as on the server. */
export const MAX_CART_LINES = 100;
/** The shop's largest order quantity. */
export const MAX_LINE_QUANTITY = 1_000_000;

const EMPTY: readonly CartLineInput[] = Object.freeze([]);

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedLines: readonly CartLineInput[] = EMPTY;

function readRaw(): string | null {
  try {
    return localStorage.getItem(CART_KEY);
  } catch {
    return null;
  }
}

/**
 * The lines of a stored value: only well-formed ones (a part id, a whole quantity from 1, a price
 * seen that is a number), one per part, at most MAX_CART_LINES. Anything else (edited by hand, say)
 * is left out rather than sent.
 */
export function parseBrowserCart(raw: string | null): CartLineInput[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: CartLineInput[] = [];
  const seen = new Set<string>();
  for (const item of value as unknown[]) {
    if (lines.length >= MAX_CART_LINES) break;
    if (!item || typeof item !== 'object') continue;
    const { partId, quantity, seenPrice } = item as Record<string, unknown>;
    if (typeof partId !== 'string' || partId.trim() === '' || partId.length > 40 || seen.has(partId)) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue;
    const line: CartLineInput = { partId, quantity: Math.min(quantity, MAX_LINE_QUANTITY) };
    if (typeof seenPrice === 'number' && Number.isFinite(seenPrice) && seenPrice >= 0) line.seenPrice = seenPrice;
    seen.add(partId);
    lines.push(line);
  }
  return lines;
}

/** The browser cart's lines, the same array until they change (as useSyncExternalStore needs). */
export function getBrowserCart(): readonly CartLineInput[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const lines = parseBrowserCart(raw);
    cachedLines = lines.length === 0 ? EMPTY : lines;
  }
  return cachedLines;
}

function write(lines: readonly CartLineInput[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(CART_KEY);
    else localStorage.setItem(CART_KEY, JSON.stringify(lines));
  } catch {
    // Storage may be full or blocked: the cart then lasts as long as the page.
    cachedRaw = null;
    cachedLines = lines.length === 0 ? EMPTY : lines;
  }
  listeners.forEach((listener) => listener());
}

/** How many units the lines hold. */
export function countUnits(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A part as the browser cart needs it: its id, price now, and the quantity rules (docs/decisions.md, D1). */
export type CartPart = QuantityLimits & { _id: string; price: number };

/**
 * `lines` with `quantity` more of `part` (a new line at the end, or more on its own line), its seen
 * price set to the price now, as the shop's cart does. Throws the shop's own words when the line
 * would go above the stock or stay below the minimum order, or the cart is full.
 */
export function withAdded(lines: readonly CartLineInput[], part: CartPart, quantity: number): CartLineInput[] {
  const existing = lines.find((line) => line.partId === part._id);
  const next = (existing?.quantity ?? 0) + quantity;
  const problem = checkLineQuantity(next, part);
  if (problem) throw new Error(problem);
  if (!existing && lines.length >= MAX_CART_LINES) throw new Error(`A cart holds at most ${MAX_CART_LINES} lines`);
  const line: CartLineInput = { partId: part._id, quantity: next, seenPrice: part.price };
  return existing ? lines.map((l) => (l.partId === part._id ? line : l)) : [...lines, line];
}

/** `lines` with the part's line set to `quantity`, its seen price to `price` (the price shown now). */
export function withQuantity(lines: readonly CartLineInput[], partId: string, quantity: number, price: number): CartLineInput[] {
  const whole = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity)));
  return lines.map((line) => (line.partId === partId ? { partId, quantity: whole, seenPrice: price } : line));
}

export function addToBrowserCart(part: CartPart, quantity: number): void {
  write(withAdded(getBrowserCart(), part, quantity));
}

export function setBrowserCartQuantity(partId: string, quantity: number, price: number): void {
  write(withQuantity(getBrowserCart(), partId, quantity, price));
}

export function removeFromBrowserCart(partId: string): void {
  write(getBrowserCart().filter((line) => line.partId !== partId));
}

/**
 * Forgets the lines that were merged into the account's cart. A line changed meanwhile (in another
 * tab) stays, and joins at the next merge.
 */
export function forgetMergedLines(merged: readonly CartLineInput[]): void {
  const done = new Set(merged.map((line) => `${line.partId}:${line.quantity}`));
  write(getBrowserCart().filter((line) => !done.has(`${line.partId}:${line.quantity}`)));
}

export function clearBrowserCart(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A line added or removed in another tab changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The browser cart's lines, re-rendering when they change here or in another tab. Empty in the
 * build's renderer and while React takes over a prerendered page, so its HTML matches.
 */
export function useBrowserCart(): readonly CartLineInput[] {
  return useSyncExternalStore(subscribe, getBrowserCart, () => EMPTY);
}
