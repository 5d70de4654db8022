// An authenticator app for tests: reads the secret from an otpauth:// URI and computes the
// RFC 6238 code (HMAC-SHA1, 30 s steps, 6 digits) on its own, so a test checks the server
// against the standard rather than against the server's own code.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

export function secretOf(totpUri: string): Buffer {
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return base32Decode(secret);
}

export function totpCode(secret: Buffer, at = Date.now(), stepSeconds = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const digest = createHmac("sha1", secret).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/**
 * The code of the step after the current one. The server still takes it (one step of clock
 * drift), and it is not yet spent when the current step's code just was: each step's code
 * opens once (platform/auth/totp-replay.ts).
 */
export const nextTotpCode = (secret: Buffer, at = Date.now()) => totpCode(secret, at + 30_000);
