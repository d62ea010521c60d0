import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SkillPost } from '@app/domain';
import { clearStorage, setToken, setUserData } from '../../../lib/storage';
import { I18nProvider } from '../../../lib/i18n/engine';
import { RespondAction } from './respond-form';
import { SkillCard } from './skill-card';

const ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';

function skillPost(overrides: Partial<SkillPost> = {}): SkillPost {
  return {
    _id: ID,
    infId: 'aaaaaaaaaaaaaaaaaaaaaaa2',
    authorName: 'Meena Iyer',
    type: 'IMAGE',
    kind: 'experience',
    postData: {
      _id: ID,
      data: [{ url: '/api/media/files/inverter.jpg', thumbnail: '' }],
      invoice: [],
      caption: [{ value: 'Solar inverter repair' }],
      desc: [{ value: 'Forty inverters.' }],
      links: [{ data: [] }],
      products: [],
    },
    hasInvoice: false,
    hashtags: [],
    categories: [],
    storeUserId: null,
    brandUserId: null,
    influencerUserId: null,
    queryId: null,
    mentionInfId: null,
    mentionPostId: null,
    isPrivate: true,
    helpfulVotes: 0,
    createdAt: new Date().toISOString(),
    authorExperiences: 1,
    isOwn: false,
    ...overrides,
  };
}

function show(post: SkillPost) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <I18nProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ul>
            <SkillCard post={post}>
              <RespondAction post={post} title="Solar inverter repair" />
            </SkillCard>
          </ul>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

function signIn() {
  setToken('token');
  setUserData({
    _id: 'aaaaaaaaaaaaaaaaaaaaaaa3',
    token: 'token',
    profile: {
      _id: 'aaaaaaaaaaaaaaaaaaaaaaa3',
      name: 'Rahul Khanna',
      email: 'rahul@example.com',
      mobile: null,
      role: 'END_USER',
      isActive: true,
      isBrand: false,
      mustChangePassword: false,
      shops: [],
      kind: null,
      approval: { status: 'none', reason: '' },
      rights: [],
    },
  });
}

afterEach(() => {
  cleanup();
  clearStorage();
  vi.unstubAllGlobals();
});

describe('a skill card', () => {
  it("shows the photo and tells the author who sees a private post, with no Contact on one's own", () => {
    show(skillPost({ isOwn: true }));
    expect(screen.getByRole('img', { name: 'Photo of Solar inverter repair' })).toBeTruthy();
    expect(screen.getByText('Only you and approved recruiters can see this')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Contact/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Log in/ })).toBeNull();
    // Nobody reports their own post.
    expect(screen.queryByRole('button', { name: /^Report this post/ })).toBeNull();
  });

  it('sends a visitor to log in to contact, and lets them report the post', () => {
    show(skillPost({ isPrivate: false }));
    expect(screen.getByRole('link', { name: /^Log in to contact/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this post: Solar inverter repair' })).toBeTruthy();
  });

  it('lets a signed-in person write with the contact they share, and shows the server’s field message', async () => {
    signIn();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_input, init) => {
        sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
        return Promise.resolve(
          new Response(
            JSON.stringify({
              status: 429,
              code: 'RATE_LIMITED',
              message: 'You have sent many messages recently. Please try again later.',
            }),
            { status: 429, headers: { 'Content-Type': 'application/json' } },
          ),
        );
      }),
    );
    const user = userEvent.setup();
    show(skillPost());
    expect(screen.getByText('Private: shown to you as an approved recruiter')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Contact/ }));
    const replyTo = screen.getByLabelText<HTMLInputElement>('Your e-mail or mobile for the reply');
    expect(replyTo.value).toBe('rahul@example.com');
    await user.type(screen.getByLabelText('Your message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText('Write at least 10 characters')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Your message'), ', could we talk about a job in Pune?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      message: 'Hi, could we talk about a job in Pune?',
      replyTo: 'rahul@example.com',
    });
    expect(await screen.findByText(/You have sent many messages recently/)).toBeTruthy();
  }, 15_000);
});
