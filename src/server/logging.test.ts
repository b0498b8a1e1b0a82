import { describe, expect, it } from 'vitest';
import { addressToOpen, logFormatFor, readyBanner } from './logging';

describe('the log format', () => {
  it('is pretty in a terminal and JSON when piped, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatFor({ logFormat: 'auto' }, true)).toBe('pretty');
    expect(logFormatFor({ logFormat: 'auto' }, false)).toBe('json');
    expect(logFormatFor({ logFormat: 'json' }, true)).toBe('json');
    expect(logFormatFor({ logFormat: 'pretty' }, false)).toBe('pretty');
  });
});

describe('the ready banner', () => {
  it('starts with the address to open, then a few facts', () => {
    const banner = readyBanner({
      url: 'http://localhost:3000',
      env: 'staging',
      database: 'embedded PostgreSQL (PGlite) in ./data',
      mailViewerUrl: 'http://localhost:3000/dev/mail',
      notes: ['Loaded the demo catalogue.'],
    });
    const lines = banner.trim().split('\n');
    expect(lines[0]).toBe('Glow at Home is ready: http://localhost:3000');
    expect(lines).toContain('  Emails it sends: http://localhost:3000/dev/mail');
    expect(lines).toContain('  Loaded the demo catalogue.');
  });

  it('names the address people open: PUBLIC_URL when set, else localhost on the bound port', () => {
    expect(addressToOpen({ publicUrl: 'http://localhost:3000', port: 3000 }, 3000)).toBe(
      'http://localhost:3000',
    );
    expect(addressToOpen({ publicUrl: 'http://localhost:0', port: 0 }, 41234)).toBe(
      'http://localhost:41234',
    );
    expect(addressToOpen({ publicUrl: 'https://glow.example', port: 3000 }, 3000)).toBe(
      'https://glow.example',
    );
  });
});
