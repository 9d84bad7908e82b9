import { config } from 'zod/v4/core';

// Zod compiles its parsers with `new Function` when it may; the shop's Content-Security-Policy
// allows no eval, so the browser would report a violation. Its plain parsers check the same rules.
// Every form schema takes `z` from here, so this is set before the first schema is built, and Zod
// is fetched only with the first page that has a form.
config({ jitless: true });

export { z } from 'zod';
