import { describe, expect, it } from 'vitest';
import { frameAncestors, isNormalisedOrigin, normaliseOrigin } from './embed-origin.js';

const normalised = (input: string) => {
  const check = normaliseOrigin(input);
  return check.ok ? check.origin : null;
};

describe('normaliseOrigin', () => {
  it('keeps scheme, host and a non-default port, in lower case', () => {
    expect(normalised('https://shop.example.com')).toBe('https://shop.example.com');
    expect(normalised('  HTTPS://Shop.Example.COM/ ')).toBe('https://shop.example.com');
    expect(normalised('https://shop.example.com:443')).toBe('https://shop.example.com');
    expect(normalised('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalised('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(normalised('http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(normalised('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  it('refuses anything that is not a bare http(s) origin', () => {
    for (const input of [
      '',
      'example.com',
      '//example.com',
      'ftp://example.com',
      'javascript://example.com',
      'file:///etc/passwd',
      'https://example.com/path',
      'https://example.com//',
      'https://example.com?x=1',
      'https://example.com#top',
      'https://user:pass@example.com',
      'https://*.example.com',
      'https://*',
      'https://exa mple.com',
      "https://example.com;script-src 'unsafe-inline'",
      'https://example.com,https://evil.test',
      'https://example.com:99999',
      'null',
      `https://${'a'.repeat(260)}.com`,
    ]) {
      expect(normaliseOrigin(input), input).toMatchObject({ ok: false });
    }
  });

  it('tells stored origins from raw input', () => {
    expect(isNormalisedOrigin('https://a.example')).toBe(true);
    expect(isNormalisedOrigin('https://A.example')).toBe(false);
    expect(isNormalisedOrigin('https://a.example/')).toBe(false);
  });
});

describe('frameAncestors', () => {
  it("is 'none' when nothing is listed", () => {
    expect(frameAncestors('http://fandeck.test', [])).toBe("frame-ancestors 'none'");
  });

  it('names the platform and every listed origin, and drops anything unsafe', () => {
    expect(frameAncestors('http://fandeck.test', ['https://a.example', 'http://localhost:5173', "https://x.test 'unsafe-inline'"])).toBe(
      "frame-ancestors 'self' http://fandeck.test https://a.example http://localhost:5173",
    );
  });
});
