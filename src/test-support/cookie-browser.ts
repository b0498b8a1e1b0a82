// Just enough of a browser for redirect-based sign-in tests: a cookie jar per host and manual
// redirects, so each hop between the app and the identity provider can be inspected.

export interface Hop {
  url: string;
  status: number;
  location: string | null;
  body: string;
}

export class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  private store(url: string, response: Response) {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(host, jar);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: object; origin?: string } = {},
  ): Promise<Hop> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(url) };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.origin) headers.origin = init.origin;
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(body ? { body } : {}),
    });
    this.store(url, response);
    const location = response.headers.get('location');
    return {
      url,
      status: response.status,
      location: location ? new URL(location, url).toString() : null,
      body: await response.text(),
    };
  }

  /** Follows redirects from `url` until a page that is not a redirect, or `stopAt` matches. */
  async follow(url: string, stopAt?: (url: string) => boolean, maxHops = 20): Promise<Hop> {
    let hop = await this.request(url);
    for (let i = 0; i < maxHops && hop.location && !stopAt?.(hop.location); i++) {
      hop = await this.request(hop.location);
    }
    return hop;
  }
}
