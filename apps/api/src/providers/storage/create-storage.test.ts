import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createStorage } from './create-storage.js';

describe('createStorage', () => {
  it('uses local disk unless S3 is configured', () => {
    expect(createStorage(loadConfig({ DATA_DIR: '/tmp/x' })).kind).toBe('local');
  });

  it('uses S3 when endpoint, bucket and keys are set', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/x',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(createStorage(config).kind).toBe('s3');
  });
});
