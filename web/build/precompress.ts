import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Below this size a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (gzip, level 9) next to every compressible
 * file of `dir` and its folders, keeping a copy only when it is smaller. Returns the copies written.
 */
export function precompressDir(dir: string): string[] {
  const written: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      written.push(...precompressDir(file));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const copies = {
      br: brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gz: gzipSync(raw, { level: 9 }),
    };
    for (const [ext, data] of Object.entries(copies)) {
      if (data.length >= raw.length) continue;
      writeFileSync(`${file}.${ext}`, data);
      written.push(`${file}.${ext}`);
    }
  }
  return written;
}

/**
 * After the build, a Brotli and a gzip copy of each text file in the output folder: the shop's
 * server sends them as they are to browsers that accept them, so it never compresses on the fly.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'parts-garage:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
