// The order quantity rules (docs/decisions.md, D1) are shared with the cart's lines, so they live in
// lib/quantity.ts; the catalogue's pages import them from here as before.
export * from '@/lib/quantity';
