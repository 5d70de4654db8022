// Browsers refuse passkeys on a bare IP address (a local install opened at 127.0.0.1): they
// need a name, such as localhost. Where passkeys are offered, say so instead of failing later.

/** True when this page's address is a bare IPv4 or IPv6 address. */
export function onBareIpAddress(hostname = typeof window === "undefined" ? "" : window.location.hostname) {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[") || hostname.includes(":");
}

/** The same page at localhost, where passkeys work. */
export function atLocalhost(): string {
  const url = new URL(window.location.href);
  url.hostname = "localhost";
  return url.toString();
}
