import { describe, expect, it } from 'vitest';
import { ClientLimiter, clientAddress } from './client-limiter';

describe('ClientLimiter', () => {
  it('allows a client its limit within the window, then refuses until the oldest request leaves it', () => {
    let now = 1_000_000;
    const limiter = new ClientLimiter(() => now);
    const limit = { limit: 3, windowSeconds: 60 } as const;
    expect([1, 2, 3].map(() => limiter.allow('guests', '127.0.0.1', limit))).toEqual([true, true, true]);
    expect(limiter.allow('guests', '127.0.0.1', limit)).toBe(false);
    now += 59_999;
    expect(limiter.allow('guests', '127.0.0.1', limit)).toBe(false);
    now += 1;
    expect(limiter.allow('guests', '127.0.0.1', limit)).toBe(true);
  });

  it('counts each client and each rule apart', () => {
    const limiter = new ClientLimiter(() => 0);
    const limit = { limit: 1, windowSeconds: 60 } as const;
    expect(limiter.allow('guests', '127.0.0.1', limit)).toBe(true);
    expect(limiter.allow('guests', '127.0.0.2', limit)).toBe(true);
    expect(limiter.allow('sign-in', '127.0.0.1', limit)).toBe(true);
    expect(limiter.allow('guests', '127.0.0.1', limit)).toBe(false);
  });

  it('reads IPv4-mapped IPv6 addresses as the IPv4 client', () => {
    expect(clientAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(clientAddress('127.0.0.1')).toBe('127.0.0.1');
  });
});
