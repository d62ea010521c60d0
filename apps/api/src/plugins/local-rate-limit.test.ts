import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localRateLimit } from './rate-limits.js';

// The in-memory budget on its own: what each address may send in a minute, and what it remembers.
function budget(max: number) {
  let time = 1_000_000;
  const count = localRateLimit(max, () => time);
  const send = (ip: string) => {
    const headers: Record<string, unknown> = {};
    const reply = {
      header(name: string, value: unknown) {
        headers[name] = value;
        return reply;
      },
    } as unknown as FastifyReply;
    let refused: { statusCode?: number } | undefined;
    count.call(
      undefined as never,
      { ip } as FastifyRequest,
      reply,
      (error?: unknown) => (refused = error as typeof refused),
    );
    return { status: refused?.statusCode ?? 200, retryAfter: headers['retry-after'] };
  };
  return { send, wait: (ms: number) => (time += ms) };
}

describe('a budget counted per address in memory', () => {
  it('refuses past its budget until its minute is over, each address on its own', () => {
    const { send, wait } = budget(2);
    expect([send('10.0.0.1').status, send('10.0.0.1').status]).toEqual([200, 200]);
    wait(15_000);
    expect(send('10.0.0.1')).toEqual({ status: 429, retryAfter: 45 });
    expect(send('10.0.0.2').status).toBe(200);
    wait(45_000);
    expect(send('10.0.0.1').status).toBe(200);
  });

  it('keeps counting an address seen lately, however many others came since', () => {
    const { send } = budget(1);
    send('10.9.9.9');
    for (let i = 0; i < 4_999; i++) send(`10.1.${i >> 8}.${i & 255}`);
    expect(send('10.9.9.9').status).toBe(429);
  });
});
