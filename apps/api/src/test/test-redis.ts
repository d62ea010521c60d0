/**
 * The Redis the multi-process tests use (rate limits, login throttling and caches shared by several
 * processes): TEST_REDIS_URL, which scripts/test-all.sh sets when a Redis answers on 127.0.0.1:6379
 * and CI always sets (.ci/run starts one). Without it those tests are skipped, and the summary counts
 * them as skipped.
 */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;
