import type { ClientLimit } from '@shared/domain/client-limits';

/**
 * The local stand-in for a WAF rate-based rule: counts each client's requests under one rule over
 * the rule's window (a sliding log, so the figure is never exceeded) and says whether one more is
 * allowed. A client is its source address; tests that play several clients connect from several
 * loopback addresses (127.0.0.2, …), as distinct IPs would reach WAF.
 */
export class ClientLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records the request and answers true, or answers false (nothing recorded) when over the limit. */
  allow(rule: string, client: string, limit: ClientLimit): boolean {
    const key = `${rule}\u0000${client}`;
    const now = this.now();
    const since = now - limit.windowSeconds * 1000;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= limit.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }
}

/** The client address of a request as the local servers see it (IPv4-mapped IPv6 unwrapped). */
export function clientAddress(remoteAddress: string | undefined): string {
  const address = remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
