// A push service on 127.0.0.1 for the tests, as a browser's would be on the internet (https,
// with a self-signed certificate for 127.0.0.1 that only PUSH_ALLOW_PRIVATE_ENDPOINTS accepts): it takes
// the server's encrypted pushes, and each test device decrypts them with its own keys (RFC
// 8291's aes128gcm), as the phone would. A path can be told to answer 410 (the device let go).
import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
const text = (s: string) => Buffer.from(s, "latin1");

/** `stallFirst`: that many pushes are taken in but never answered, as a dying sender would leave them. */
export async function startPushService(options: { stallFirst?: number } = {}) {
  let stallsLeft = options.stallFirst ?? 0;
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const tls = { key: fixture("push-service-key.pem"), cert: fixture("push-service-cert.pem") };
  const server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      if (stallsLeft > 0) {
        stallsLeft--;
        return;
      }
      response.statusCode = statusFor.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A device: its subscription to send the app, and what it reads from a push's body. */
  function device(name: string) {
    const ua = createECDH("prime256v1");
    const uaPublic = ua.generateKeys();
    const authSecret = randomBytes(16);
    const path = `/push/${name}`;
    return {
      path,
      subscription: {
        endpoint: `${url}${path}`,
        keys: { p256dh: uaPublic.toString("base64url"), auth: authSecret.toString("base64url") },
      },
      decrypt(body: Buffer): string {
        const salt = body.subarray(0, 16);
        const idLength = body[20]!;
        const asPublic = body.subarray(21, 21 + idLength);
        const sealed = body.subarray(21 + idLength);
        const prkKey = hmac(authSecret, ua.computeSecret(asPublic));
        const ikm = hmac(
          prkKey,
          Buffer.concat([text("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]),
        );
        const prk = hmac(salt, ikm);
        const cek = hmac(
          prk,
          Buffer.concat([text("Content-Encoding: aes128gcm\0"), Buffer.from([1])]),
        ).subarray(0, 16);
        const nonce = hmac(
          prk,
          Buffer.concat([text("Content-Encoding: nonce\0"), Buffer.from([1])]),
        ).subarray(0, 12);
        const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
        decipher.setAuthTag(sealed.subarray(-16));
        const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
        // The last record ends with the delimiter 0x02, then any padding zeros.
        let end = plain.length - 1;
        while (end > 0 && plain[end] === 0) end--;
        return plain.subarray(0, end).toString("utf8");
      },
    };
  }

  return {
    url,
    received,
    statusFor,
    device,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
