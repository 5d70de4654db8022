// A known device: a browser that has signed in to an account before carries a signed cookie
// naming that account. Failed sign-ins from strangers can then slow down new devices for an
// account, but never the owner's own browser (OWASP's device-cookie answer to lockout).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "courtside_device";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const mac = (secret: string, nonce: string, email: string) =>
  createHmac("sha256", secret).update(`known-device:${nonce}:${email.toLowerCase()}`).digest("base64url");

/** The Set-Cookie value that marks this browser as known for `email`. */
export function knownDeviceCookie(secret: string, email: string, secure: boolean): string {
  const nonce = randomBytes(12).toString("base64url");
  const value = `${nonce}.${mac(secret, nonce, email)}`;
  return `${DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The device's id when the request's cookies include a device cookie made for `email`. */
export function knownDeviceId(
  secret: string,
  email: string,
  cookieHeader: string | undefined,
): string | undefined {
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const [nonce, signature] = (value ?? "").split(".");
  if (!nonce || !signature) return undefined;
  const expected = Buffer.from(mac(secret, nonce, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}
