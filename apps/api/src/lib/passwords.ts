import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane).
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** How a generated password's hash starts (hashGeneratedPassword): `$sha256$salt$digest`. */
const GENERATED_PREFIX = '$sha256$';

const sha256 = (salt: Buffer, password: string) =>
  createHash('sha256').update(salt).update(password).digest();

/**
 * For passwords this server generated (generatePassword: 94 random bits), never for one a person
 * chose: a salted SHA-256. argon2's 19 MiB and tens of milliseconds exist to slow the guessing of
 * human passwords; no guessing reaches 94 random bits, and a guest's order then costs neither (NIST
 * SP 800-63B stores random look-up secrets this way). The account must choose its own password at
 * its first login, which is hashed with argon2.
 */
export function hashGeneratedPassword(password: string): string {
  const salt = randomBytes(16);
  return `${GENERATED_PREFIX}${salt.toString('base64url')}$${sha256(salt, password).toString('base64url')}`;
}

let argon2Checks = 0;
/**
 * How many argon2 verifications this process has run: what makes a failed login slow. Counted so
 * that a test can prove each failed login pays for exactly one, known account or not (decision 016),
 * which a stopwatch on two busy cores cannot.
 */
export const argon2Verifications = () => argon2Checks;

function argon2Verify(passwordHash: string, password: string): Promise<boolean> {
  argon2Checks += 1;
  return verify(passwordHash, password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash.startsWith(GENERATED_PREFIX)) {
    const [salt = '', digest = ''] = passwordHash.slice(GENERATED_PREFIX.length).split('$');
    const expected = Buffer.from(digest, 'base64url');
    const actual = sha256(Buffer.from(salt, 'base64url'), password);
    const ok = expected.length === actual.length && timingSafeEqual(expected, actual);
    // A wrong guess takes as long as one against an argon2 hash or an unknown account, so the
    // time of a failed login tells nothing about the account (decision 016).
    if (!ok) await argon2Verify(await dummyPasswordHash(), password).catch(() => false);
    return ok;
  }
  try {
    return await argon2Verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so that a
 * failed login takes the same time whether or not the e-mail is registered.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time password people can read out and type: 16 characters, about 94 bits. */
export function generatePassword(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const b of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (b < 256 - (256 % PASSWORD_ALPHABET.length)) out += PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}
