import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { NewPostInput, PostKind, ReceivedSkillResponse, SkillPost } from '@app/domain';
import { SKILL_MESSAGES } from '@app/domain';
import { domainEvents, skillResponses, users } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

// Decision 026: private skill posts are seen by their author and approved recruiters only;
// responses go through the platform and tell the author by the `skill.responded` event.

let t: TestApp;
let adminToken: string;

interface Person {
  id: string;
  email: string;
  mobile: string | null;
  ownerName: string;
  token: string;
}

async function person(name: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.db, { ownerName: name, ...overrides });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: token } } : {}),
    ...(payload ? { payload } : {}),
  });

/** A photo uploaded through the upload flow, as the add form sends it. */
async function uploadPhoto(): Promise<{ name: string; url: string }> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
  const boundary = `----skill${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nIMAGE\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="work.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: '127.24.0.1',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { url } = res.json<{ data: { url: string } }>().data;
  return { name: 'work.jpg', url };
}

let photo: { name: string; url: string };
let n = 0;
async function post(author: Person, kind: PostKind, title: string, isPrivate: boolean) {
  n += 1;
  const body: NewPostInput = {
    slug: true,
    type: 'IMAGE',
    kind,
    caption: [{ index: 0, value: title }],
    description: [{ index: 0, value: 'Hands-on work with photos.' }],
    isPrivate,
    data: [photo],
    userData: { name: author.ownerName, email: author.email, mobile: author.mobile ?? '9000000000' },
    influencerData: { isService: false },
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inflncr/addReview',
    headers: { authorization: author.token },
    payload: body,
    remoteAddress: `10.24.0.${n}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ postId: string; infId: string }>();
}

const list = async (query: string, token?: string) => {
  const res = await call('GET', `/api/skills/posts?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Data: SkillPost[] }>().Data;
};
const titlesOf = (posts: SkillPost[]) => posts.map((p) => p.postData.caption[0]?.value);

async function approvedRecruiter(name: string) {
  const recruiter = await person(name);
  const applied = await call('POST', '/api/skills/recruiter', recruiter.token, {
    company: 'Tata Projects',
    hiresFor: 'Site electricians and welders',
  });
  expect(applied.statusCode, applied.body).toBe(200);
  const pending = await call('GET', '/api/skills/recruiters?status=pending', adminToken);
  const id = pending
    .json<{ Data: Array<{ _id: string; userId: string }> }>()
    .Data.find((a) => a.userId === recruiter.id)!._id;
  const approved = await call('POST', `/api/skills/recruiters/${id}/decision`, adminToken, {
    decision: 'approve',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return recruiter;
}

let creator: Person;
let recruiter: Persona;
type Persona = Person;
let privateSkill: { postId: string; infId: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
  photo = await uploadPhoto();
  creator = await person('Meena Iyer');
  recruiter = await approvedRecruiter('Rahul Khanna');
  privateSkill = await post(creator, 'experience', 'Solar inverter repair zephyrine', true);
  await post(creator, 'experience', 'Rooftop panel cleaning zephyrine', false);
});
afterAll(async () => {
  await t?.close();
});

describe('who sees a private skill post', () => {
  it('its author, marked as their own, and an approved recruiter', async () => {
    const mine = await list('search=zephyrine', creator.token);
    expect(titlesOf(mine)).toContain('Solar inverter repair zephyrine');
    const own = mine.find((p) => p._id === privateSkill.postId)!;
    expect(own).toMatchObject({ isPrivate: true, isOwn: true });
    expect(own.postData.data[0]?.url).toBe(photo.url);
    expect(titlesOf(await list('mine=true', creator.token))).toContain('Solar inverter repair zephyrine');

    const scouted = await list('search=zephyrine', recruiter.token);
    expect(titlesOf(scouted).sort()).toEqual([
      'Rooftop panel cleaning zephyrine',
      'Solar inverter repair zephyrine',
    ]);
    expect(scouted.find((p) => p._id === privateSkill.postId)).toMatchObject({ isOwn: false });
  });

  it('not a visitor, a signed-in non-recruiter, someone who only picked the persona, or a pending or unproven applicant', async () => {
    expect(titlesOf(await list('search=zephyrine'))).toEqual(['Rooftop panel cleaning zephyrine']);
    const other = await person('Karan Mehta');
    expect(titlesOf(await list('search=zephyrine', other.token))).toEqual([
      'Rooftop panel cleaning zephyrine',
    ]);

    // Picking "Recruiter" on the add screen and posting a requirement makes nobody a recruiter.
    const persona = await person('Sneha Kulkarni');
    await post(persona, 'requirement', 'Electrician wanted zephyrine', false);
    expect(titlesOf(await list('search=zephyrine', persona.token))).toEqual([
      'Rooftop panel cleaning zephyrine',
    ]);

    // Asked, not yet approved.
    const pending = await person('Vikram Singh');
    const asked = await call('POST', '/api/skills/recruiter', pending.token, {
      company: 'Infosys',
      hiresFor: 'Field technicians',
    });
    expect(asked.json<{ Data: { status: string } }>().Data.status).toBe('pending');
    expect(titlesOf(await list('search=zephyrine', pending.token))).toEqual([
      'Rooftop panel cleaning zephyrine',
    ]);

    // An approved recruiter whose contact is no longer proven stops seeing them.
    const lapsed = await approvedRecruiter('Anil Kapoor');
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, lapsed.id));
    expect(titlesOf(await list('search=zephyrine', lapsed.token))).toEqual([
      'Rooftop panel cleaning zephyrine',
    ]);
  });

  it('a post moderators hid leaves the recruiters too; its author still sees it', async () => {
    const hidden = await post(creator, 'experience', 'Wiring shortcut zephyrine', true);
    const acted = await call('POST', '/api/moderation/posts/act', adminToken, {
      postId: hidden.postId,
      action: 'hide',
      reason: 'Unsafe advice',
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(titlesOf(await list('search=zephyrine', recruiter.token))).not.toContain(
      'Wiring shortcut zephyrine',
    );
    expect(titlesOf(await list('search=zephyrine', creator.token))).toContain('Wiring shortcut zephyrine');
  });

  it('a private requirement and its matches follow the same rule', async () => {
    const req = await post(creator, 'requirement', 'Inverter technician zephyrine', true);
    expect((await call('GET', `/api/skills/requirements/${req.postId}/matches`)).statusCode).toBe(404);
    const seen = await call('GET', `/api/skills/requirements/${req.postId}/matches`, recruiter.token);
    expect(seen.statusCode, seen.body).toBe(200);
  });
});

describe('recruiter requests', () => {
  it('need a proven contact, and only the admin decides (403 otherwise), a rejection with a reason', async () => {
    const unproven = await person('Deepak Rao');
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, unproven.id));
    const refused = await call('POST', '/api/skills/recruiter', unproven.token, {
      company: 'Wipro',
      hiresFor: 'Testers',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(SKILL_MESSAGES.proveFirst);
    expect(
      (await call('POST', '/api/skills/recruiter', undefined, { company: 'A', hiresFor: 'B' })).statusCode,
    ).toBe(401);

    const applicant = await person('Farah Siddiqui');
    await call('POST', '/api/skills/recruiter', applicant.token, { company: 'Zomato', hiresFor: 'Riders' });
    const pending = await call('GET', '/api/skills/recruiters?status=pending', adminToken);
    const id = pending
      .json<{ Data: Array<{ _id: string; userId: string }> }>()
      .Data.find((a) => a.userId === applicant.id)!._id;
    expect(pending.body).not.toContain(applicant.email);

    for (const token of [applicant.token, recruiter.token, creator.token]) {
      expect((await call('GET', '/api/skills/recruiters', token)).statusCode).toBe(403);
      const tried = await call('POST', `/api/skills/recruiters/${id}/decision`, token, {
        decision: 'approve',
      });
      expect(tried.statusCode).toBe(403);
    }
    const team = await person('Team Member', { role: 'TEAM' });
    expect(
      (await call('POST', `/api/skills/recruiters/${id}/decision`, team.token, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);

    const noReason = await call('POST', `/api/skills/recruiters/${id}/decision`, adminToken, {
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: Record<string, string> }>().errors).toHaveProperty('reason');
    const rejected = await call('POST', `/api/skills/recruiters/${id}/decision`, adminToken, {
      decision: 'reject',
      reason: 'Please use your company e-mail',
    });
    expect(rejected.statusCode).toBe(200);
    const standing = await call('GET', '/api/skills/recruiter', applicant.token);
    expect(standing.json<{ Data: object }>().Data).toMatchObject({
      status: 'rejected',
      reason: 'Please use your company e-mail',
      contactProven: true,
    });
  });

  it('refuses bad input field by field', async () => {
    const applicant = await person('Ritu Sharma');
    const res = await call('POST', '/api/skills/recruiter', applicant.token, { company: ' ', hiresFor: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors).sort()).toEqual([
      'company',
      'hiresFor',
    ]);
  });
});

describe('responses', () => {
  it("store the message, record the event for the poster, and never give the poster's contact", async () => {
    const sent = await call('POST', `/api/skills/posts/${privateSkill.postId}/responses`, recruiter.token, {
      message: 'We need an inverter technician in Pune. Are you free next month?',
      replyTo: '+91 98450 12345',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.body).not.toContain(creator.email);
    if (creator.mobile) expect(sent.body).not.toContain(creator.mobile);
    const { _id } = sent.json<{ Data: { _id: string } }>().Data;

    const [stored] = await t.db.select().from(skillResponses).where(eq(skillResponses.id, _id));
    expect(stored).toMatchObject({
      recipientUserId: creator.id,
      responderUserId: recruiter.id,
      replyTo: '9845012345',
    });
    const events = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'skill.responded'));
    expect(events.map((e) => e.payload)).toContainEqual({
      responseId: _id,
      recipientUserId: creator.id,
      postTitle: 'Solar inverter repair zephyrine',
      fromName: 'Rahul Khanna',
      message: 'We need an inverter technician in Pune. Are you free next month?',
      replyTo: '9845012345',
      link: '/skilldiscovery/responses',
    });

    const inbox = await call('GET', '/api/skills/responses', creator.token);
    const received = inbox.json<{ Data: ReceivedSkillResponse[] }>().Data;
    expect(received[0]).toMatchObject({
      _id,
      fromName: 'Rahul Khanna',
      replyTo: '9845012345',
      postTitle: 'Solar inverter repair zephyrine',
    });
    const theirs = await call('GET', '/api/skills/responses', recruiter.token);
    expect(theirs.json<{ Data: unknown[] }>().Data).toEqual([]);
  });

  it('reach only posts the responder may see, never their own, and need a proven account', async () => {
    const other = await person('Karan Mehta');
    const body = { message: 'Hello, I would like to talk about work.', replyTo: other.email };
    expect(
      (await call('POST', `/api/skills/posts/${privateSkill.postId}/responses`, other.token, body))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/skills/posts/${privateSkill.postId}/responses`, undefined, body)).statusCode,
    ).toBe(401);
    const own = await call('POST', `/api/skills/posts/${privateSkill.postId}/responses`, creator.token, body);
    expect(own.statusCode).toBe(400);
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, other.id));
    const pub = await post(creator, 'service', 'Public inverter service zephyrine', false);
    const unproven = await call('POST', `/api/skills/posts/${pub.postId}/responses`, other.token, body);
    expect(unproven.statusCode).toBe(403);
  });

  it('refuse bad input field by field', async () => {
    const res = await call('POST', `/api/skills/posts/${privateSkill.postId}/responses`, recruiter.token, {
      message: 'Hi',
      replyTo: '12345',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string> }>().errors;
    expect(errors.message).toBe('Write at least 10 characters');
    expect(errors.replyTo).toBe('Enter an e-mail address or a 10-digit mobile number');
  });

  it('are capped per responder and per shared address, with Retry-After', async () => {
    const pub = await post(creator, 'service', 'Inverter installation zephyrine', false);
    const sender = await person('Suresh Pillai');
    const body = (replyTo: string) => ({
      message: 'Interested in your inverter work, please call.',
      replyTo,
    });
    for (let i = 0; i < 5; i++) {
      const ok = await call(
        'POST',
        `/api/skills/posts/${pub.postId}/responses`,
        sender.token,
        body(sender.email),
      );
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const capped = await call(
      'POST',
      `/api/skills/posts/${pub.postId}/responses`,
      sender.token,
      body(sender.email),
    );
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // One address shared by several accounts: ten a day, whoever sends it.
    const shared = 'jobs.desk@example.com';
    let sentCount = 0;
    for (let i = 0; sentCount < 10; i++) {
      const from = await person(`Sender ${i}`);
      for (let j = 0; j < 5 && sentCount < 10; j++) {
        const ok = await call('POST', `/api/skills/posts/${pub.postId}/responses`, from.token, body(shared));
        expect(ok.statusCode, ok.body).toBe(201);
        sentCount += 1;
      }
    }
    const fresh = await person('Nisha Verma');
    const byAddress = await call(
      'POST',
      `/api/skills/posts/${pub.postId}/responses`,
      fresh.token,
      body(shared),
    );
    expect(byAddress.statusCode).toBe(429);
    expect(Number(byAddress.headers['retry-after'])).toBeGreaterThan(80_000);
  });
});
