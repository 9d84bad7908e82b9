import { describe, expect, it } from 'vitest';
import { routePreloadTags } from './preload-route';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
});

const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js', '/app/src/main.tsx', ['assets/compat-2.js']),
  'assets/compat-2.js': chunk('assets/compat-2.js', null),
  'assets/home-3.js': chunk('assets/home-3.js', '/app/src/app/routes/home.tsx', ['assets/compat-2.js', 'assets/stars-4.js']),
  'assets/stars-4.js': chunk('assets/stars-4.js', null, ['assets/compat-2.js']),
  'assets/login-5.js': chunk('assets/login-5.js', '/app/src/app/routes/auth/login.tsx'),
  'assets/index-6.css': { type: 'asset' as const, fileName: 'assets/index-6.css' },
};

const html = '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/compat-2.js">';

describe('routePreloadTags', () => {
  it("preloads the page's chunk and the chunks it imports that index.html does not load yet", () => {
    const tags = routePreloadTags(bundle, '/app/src/app/routes/home.tsx', html);
    expect(tags.map((tag) => tag.attrs?.href)).toEqual(['/assets/home-3.js', '/assets/stars-4.js']);
    expect(tags.every((tag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload' && tag.injectTo === 'head')).toBe(true);
  });

  it('fails the build when the page was not built, rather than preloading nothing unnoticed', () => {
    expect(() => routePreloadTags(bundle, '/app/src/app/routes/gone.tsx', html)).toThrow('no chunk was built from /app/src/app/routes/gone.tsx');
  });
});
