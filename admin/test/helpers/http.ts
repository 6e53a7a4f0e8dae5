// A cookie-keeping HTTP client for the admin app (tests and bench/admin.ts): follows nothing by
// itself, so redirects can be asserted; `signIn` goes through the real login form with its CSRF token.
export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Keeps the cookies `headers` set (and forgets the ones they expire). */
  remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<HttpResult> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    let body: string | undefined;
    if (form) {
      body = new URLSearchParams(form).toString();
      h['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body, redirect: 'manual' });
    this.remember(res.headers);
    return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get('location') };
  }

  get(path: string): Promise<HttpResult> {
    return this.request('GET', path);
  }

  /** Posts a form, adding the `_csrf` token found on `fromPage` (default: the same path). */
  async post(path: string, form: Record<string, string>, fromPage = path): Promise<HttpResult> {
    const csrf = form._csrf ?? csrfOf((await this.get(fromPage)).text);
    return this.request('POST', path, { ...form, _csrf: csrf });
  }

  async signIn(email: string, password: string): Promise<HttpResult> {
    const res = await this.post('/admin-auth/login', { email, password }, '/login');
    if (res.status !== 303) throw new Error(`sign-in failed: ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  }
}

export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no _csrf input on the page');
  return m[1]!;
}
