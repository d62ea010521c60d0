import { messageTemplates } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, createUser, loginAs, outboxFor, type TestApp } from '../../test/test-app.js';
import { createMessaging } from './create-messaging.js';
import { deliverOneTimePassword, maskEmail, maskMobile } from './deliver.js';
import { createHttpSmsSender } from './http-sms.js';
import { createOutboxMessaging } from './outbox-messaging.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('outbox messaging', () => {
  it('keeps a one-time password for its recipient and says where it went, masked', async () => {
    const messaging = createOutboxMessaging(t.db);
    const where = await deliverOneTimePassword(
      messaging,
      { email: 'Meena.Rao@Example.com', mobile: '9876543210' },
      'Temp-Pass-12345',
    );
    expect(where).toMatchObject({ channel: 'email', where: 'your e-mail M***@Example.com' });
    const [message] = await outboxFor(t.db, 'meena.rao@example.com');
    expect(message).toMatchObject({ channel: 'email', purpose: 'one-time-password' });
    expect(message!.body).toContain('Default password for new account:Temp-Pass-12345');
    expect(maskMobile('9876543210')).toBe('******3210');
    expect(maskEmail('a@b.in')).toBe('a***@b.in');
  });

  // Issue 40: in development every message's text went to the log, codes and passwords with it.
  it('keeps codes and passwords out of the log in development too', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => void lines.push(line) };
    const messaging = createMessaging(loadConfig({ NODE_ENV: 'development' }), t.db, log);
    await deliverOneTimePassword(messaging, { email: 'log.check@example.com' }, 'Temp-Pass-67890');
    await messaging.send({
      channel: 'sms',
      to: '9000000002',
      subject: 'Code',
      text: 'Your code is 482913',
      purpose: 'verify-contact',
    });
    expect(lines).toEqual([
      'Outbox email to log.check@example.com: one-time-password (read it at /outbox)',
      'Outbox sms to 9000000002: verify-contact (read it at /outbox)',
    ]);
    expect((await outboxFor(t.db, '9000000002'))[0]!.body).toBe('Your code is 482913');
  });

  it('shows the outbox to the admin only, filtered by recipient', async () => {
    const messaging = createOutboxMessaging(t.db);
    await messaging.send({
      channel: 'sms',
      to: '9000000001',
      subject: 'Code',
      text: 'Your code is 123456',
      purpose: 'verify-contact',
    });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    const res = await t.app.inject({
      url: '/api/admin/outbox?to=9000000001',
      headers: { authorization: adminToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual([
      expect.objectContaining({ channel: 'sms', to: '9000000001', text: 'Your code is 123456' }),
    ]);

    const seller = await createUser(t.db, { role: 'SELLER' });
    const sellerToken = await loginAs(t.app, seller.email, seller.password);
    const forbidden = await t.app.inject({
      url: '/api/admin/outbox',
      headers: { authorization: sellerToken },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain('123456');
    expect((await t.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
  });
});

describe('live messaging', () => {
  it('posts an SMS to the configured gateway with the key in a header and the DLT template id', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const send = createHttpSmsSender({
      url: 'https://sms.example.test/send',
      key: 'k-123',
      senderId: 'REVUHB',
      dltTemplateIds: { 'verify-contact': '1107161234567890123' },
      fetch: async (url, init) => {
        calls.push({ url: url as string, init: init! });
        return new Response('{}', { status: 200 });
      },
    });
    await send({
      channel: 'sms',
      to: '9876543210',
      subject: 'x',
      text: 'Code 654321',
      purpose: 'verify-contact',
    });
    expect(calls[0]!.url).toBe('https://sms.example.test/send');
    expect(calls[0]!.init.headers).toMatchObject({ authkey: 'k-123' });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      sender: 'REVUHB',
      mobiles: '919876543210',
      message: 'Code 654321',
      DLT_TE_ID: '1107161234567890123',
    });
  });

  it('is chosen by configuration and refuses to start half-configured', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.dataDir };
    expect(() => loadConfig({ ...base, MESSAGING: 'live' })).toThrow(/MESSAGING: live needs SMTP_URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL/);
    const sms = {
      ...base,
      MESSAGING: 'live',
      SMS_GATEWAY_URL: 'https://sms.example.test',
      SMS_GATEWAY_KEY: 'k',
    };
    // Every template needs its DLT id once SMS is live, and a malformed pair is named.
    expect(() => loadConfig(sms)).toThrow(/SMS_DLT_TEMPLATES: .*verify-contact.*order-update/);
    expect(() => loadConfig({ ...sms, SMS_DLT_TEMPLATES: 'verify-contact=12' })).toThrow(
      /"verify-contact=12" is not template=id/,
    );
    const allIds = messageTemplates.map((t, i) => `${t}=11071612345678901${String(10 + i)}`).join(',');
    expect(loadConfig({ ...sms, SMS_DLT_TEMPLATES: allIds }).SMS_DLT_TEMPLATES['order-update']).toMatch(
      /^\d{19}$/,
    );
    const live = createMessaging(
      loadConfig({ ...base, MESSAGING: 'live', SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }),
      t.db,
    );
    expect(live.kind).toBe('live');
    expect(live.channels).toEqual(['email']);
    expect(createMessaging(loadConfig(base), t.db).kind).toBe('outbox');
  });
});
