// Lighthouse (default mobile preset) on the home page, the catalogue and a
// part's purchase page, with Debian's Chromium. Usage:
//   node lighthouse.mjs BASE PART_ID BUYER_TOKEN REPORT_DIR
// The purchase page is guarded: without a signed-in user the app sends the
// visitor to /login. So before auditing it, the buyer's token is put in local
// storage (key `accessToken`, as the app keeps it) and Lighthouse is told not
// to clear storage. Each audit gets its own fresh browser. The three pages are
// audited BENCH_ROUNDS times (3), one page after another in each round, so the
// table's figure per page is the median of that many audits taken in this one
// run. Appends one JSON line per page and round to $BENCH_RESULTS.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const [base, partId, token, reportDir] = process.argv.slice(2);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

async function audit(round, key, label, urlPath, withToken) {
  const browser = await puppeteer.launch({ executablePath: chrome, headless: true, args });
  try {
    const page = await browser.newPage();
    if (withToken) {
      await page.goto(`${base}/`, { waitUntil: 'load' });
      await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
    }
    const flags = { output: 'html', logLevel: 'error', disableStorageReset: withToken };
    const result = await lighthouse(`${base}${urlPath}`, flags, undefined, page);
    const lhr = result.lhr;
    writeFileSync(path.join(reportDir, `lighthouse-${key}-${round}.html`), result.report);
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, c]) => [id, c.score == null ? null : Math.round(c.score * 100)]),
    );
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    const notes = [];
    if (final !== urlPath) notes.push(`ended on ${final}, not ${urlPath}`);
    if (withToken) notes.push('buyer token injected');
    if (lhr.runtimeError) notes.push(`runtime error: ${lhr.runtimeError.message}`);
    const failing = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs)
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id);
    const rec = {
      key: `lighthouse_${key}`,
      round,
      label,
      scores,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
      lcp_ms: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
      tbt_ms: lhr.audits['total-blocking-time']?.numericValue ?? null,
      final_url: final,
      failing_audits: [...new Set(failing)],
      note: notes.join('; '),
    };
    appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(rec)}\n`);
    console.log(`  lighthouse ${label}, round ${round}: ${JSON.stringify(scores)} CLS ${rec.cls?.toFixed(3)} ${rec.note}`);
    if (rec.failing_audits.length) console.log(`    audits below 1: ${rec.failing_audits.join(', ')}`);
  } catch (e) {
    const rec = { key: `lighthouse_${key}`, round, label, error: `Lighthouse failed: ${String(e.message || e).split('\n')[0]}` };
    appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(rec)}\n`);
    console.log(`  lighthouse ${label}, round ${round}: ${rec.error}`);
  } finally {
    await browser.close().catch(() => {});
  }
}

for (let round = 1; round <= rounds; round += 1) {
  await audit(round, 'home', '/', '/', false);
  await audit(round, 'parts', '/parts', '/parts', false);
  await audit(round, 'purchase', `/purchase/${partId}`, `/purchase/${partId}`, true);
}
