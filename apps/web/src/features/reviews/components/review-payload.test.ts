import { describe, expect, it } from 'vitest';
import { newPostSchema } from '@app/domain';
import { reviewHashtags, toNewPost } from './review-payload';

const form = {
  name: 'Asha Rao',
  contactNum: '9876543210',
  emailId: 'asha@example.com',
  title: '',
  description: 'Good shoes',
  links: [],
};
const extras = {
  images: [],
  invoices: [],
  products: [],
  categories: [],
  tags: '',
  isPrivate: false,
  isService: false,
};

describe('review payload', () => {
  it('sends the title only when it is filled, the description always at index 0', () => {
    const post = toNewPost(form, extras);
    expect(post.caption).toEqual([]);
    expect(post.description).toEqual([{ index: 0, value: 'Good shoes' }]);
    expect(toNewPost({ ...form, title: ' Great ' }, extras).caption).toEqual([{ index: 0, value: 'Great' }]);
    expect(newPostSchema.safeParse(post).success).toBe(true);
  });

  it('turns categories into hashtags by the spec rule and merges typed tags', () => {
    expect(reviewHashtags('#run, daily  run', ['health and fitness', 'animals & pets'])).toEqual([
      'run',
      'daily',
      'health-and-fitness',
      'animals-and-pets',
    ]);
  });

  it('gives one location per image', () => {
    const images = [
      { name: 'a', url: '/media/a.jpg', type: 'IMAGE' as const },
      { name: 'b', url: '/media/b.jpg', type: 'IMAGE' as const },
    ];
    const post = toNewPost(form, { ...extras, images, location: { latitude: 1, longitude: 2 } });
    expect(post.location).toEqual([
      { latitude: 1, longitude: 2 },
      { latitude: 1, longitude: 2 },
    ]);
  });
});
