import { describe, expect, it } from 'vitest';
import { checkBudget, homePageScripts, staticClosure, type Manifest } from './bundle-budget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_framework.js', '_api.js'],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_api.js': { file: 'assets/api.js', imports: ['_framework.js'] },
  'routes/home.tsx': { file: 'assets/home.js', imports: ['_framework.js', '_picker.js'] },
  '_picker.js': { file: 'assets/picker.js', imports: ['_styles.css'] },
  '_styles.css': { file: 'assets/styles.css' },
  'routes/login.tsx': { file: 'assets/login.js', imports: ['_forms.js'] },
  '_forms.js': { file: 'assets/forms.js' },
};

describe('the home page scripts', () => {
  it('are the entry, the home route and what they import, once each, without other routes', () => {
    expect(homePageScripts(manifest).sort()).toEqual([
      'assets/api.js',
      'assets/framework.js',
      'assets/home.js',
      'assets/index.js',
      'assets/picker.js',
    ]);
  });

  it('refuse a manifest without the chunk they look for, rather than count too little', () => {
    expect(() => staticClosure(manifest, ['routes/gone.tsx'])).toThrow(/routes\/gone\.tsx/);
    const { ['routes/home.tsx']: _home, ...withoutHome } = manifest;
    expect(() => homePageScripts(withoutHome)).toThrow(/routes\/home\.tsx/);
  });
});

describe('the budget', () => {
  const file = (brotliBytes: number, gzipBytes: number) => ({
    file: 'a.js',
    bytes: 3 * gzipBytes,
    brotliBytes,
    gzipBytes,
  });

  it('holds at exactly the budget and names each encoding that goes over', () => {
    const budget = { brotliBytes: 100, gzipBytes: 110 };
    expect(checkBudget([file(60, 70), file(40, 50)], budget).overBudget).toEqual(['gzip']);
    expect(checkBudget([file(60, 60), file(40, 50)], budget).overBudget).toEqual([]);
    expect(checkBudget([file(61, 60), file(40, 51)], budget).overBudget).toEqual([
      'brotli',
      'gzip',
    ]);
  });
});
