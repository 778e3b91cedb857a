// Which proxy a request goes through, from the variables curl, undici and most tools read: `HTTPS_PROXY` for https
// URLs (falling back to `HTTP_PROXY`, as undici does), `HTTP_PROXY` for http URLs, and `NO_PROXY` for the hosts
// that go direct. The lower-case spelling wins over the upper-case one; an empty value counts as unset.
import { PithError } from "../../kernel/index.js";

interface NoProxyRule {
  /** lower case, without brackets; "" for the `*` rule */
  host: string;
  /** true: subdomains only (`.example.com`, `*.example.com`) */
  subdomainsOnly: boolean;
  /** 0 for any port */
  port: number;
}

function variable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name.toLowerCase()] || env[name.toUpperCase()];
  return value?.trim() || undefined;
}

/** The proxy for `url`, or undefined when the request goes direct. */
export function proxyFor(url: URL, env: NodeJS.ProcessEnv = process.env): URL | undefined {
  const raw = url.protocol === "https:" ? (variable(env, "https_proxy") ?? variable(env, "http_proxy")) : variable(env, "http_proxy");
  if (!raw) return undefined;
  const noProxy = variable(env, "no_proxy");
  if (noProxy && bypasses(url, parseNoProxy(noProxy))) return undefined;
  return parseProxyUrl(raw);
}

function parseProxyUrl(raw: string): URL {
  // "proxy.corp:3128" is how many people write it; curl reads it as http.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let proxy: URL;
  try {
    proxy = new URL(withScheme);
  } catch {
    throw new PithError("PROXY_INVALID", `The proxy "${raw}" (HTTPS_PROXY/HTTP_PROXY) is not a URL; write it as http://host:port.`);
  }
  if (proxy.protocol !== "http:" && proxy.protocol !== "https:") {
    throw new PithError(
      "PROXY_INVALID",
      `The proxy "${raw}" (HTTPS_PROXY/HTTP_PROXY) uses ${proxy.protocol.slice(0, -1)}; pith speaks to http:// and https:// proxies only.`,
    );
  }
  return proxy;
}

function parseNoProxy(value: string): NoProxyRule[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      if (entry === "*") return { host: "", subdomainsOnly: false, port: 0 };
      const [name, port] = splitHostPort(entry);
      const host = name.toLowerCase().replace(/^\*?\./, "");
      return { host, subdomainsOnly: /^\*?\./.test(name), port };
    });
}

/** "host", "host:port", "[::1]:8080"; a bare IPv6 address ("::1") has no port. */
function splitHostPort(entry: string): [string, number] {
  const match = /^\[(.+)\](?::(\d+))?$/.exec(entry) ?? (entry.indexOf(":") === entry.lastIndexOf(":") ? /^([^:]+)(?::(\d+))?$/.exec(entry) : null);
  return match ? [match[1]!, match[2] ? Number(match[2]) : 0] : [entry, 0];
}

function bypasses(url: URL, rules: NoProxyRule[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return rules.some((rule) => {
    if (rule.port !== 0 && rule.port !== port) return false;
    if (rule.host === "") return true;
    const subdomain = host.endsWith(`.${rule.host}`);
    return rule.subdomainsOnly ? subdomain : subdomain || host === rule.host;
  });
}
