// A passkey authenticator in software, for tests: it makes a P-256 credential and signs
// challenges exactly as a phone or a security key would (WebAuthn Level 2: "none"
// attestation, ES256, DER signatures), so the server's checks run against real ceremony data.
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export type SoftPasskey = {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
};

export function createPasskey(options: CreationOptions, origin: string) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
  ]);
  const id = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedData]),
    Buffer.alloc(4), // sign count 0
    Buffer.alloc(16), // AAGUID: none
    idLength,
    id,
    Buffer.from(isoCBOR.encode(coseKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, never> | Uint8Array>([
      ["fmt", "none"],
      ["attStmt", new Map<string, never>()],
      ["authData", new Uint8Array(authData)],
    ]),
  );
  const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin });
  const passkey: SoftPasskey = { id, privateKey, userHandle: options.user.id, rpId, counter: 0 };
  const response = {
    id: b64url(id),
    rawId: b64url(id),
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(Buffer.from(clientDataJSON)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** Signs a sign-in challenge with the passkey, as the browser's navigator.credentials.get would. */
export function signInWith(passkey: SoftPasskey, options: RequestOptions, origin: string) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([
    sha256(options.rpId ?? passkey.rpId),
    Buffer.from([FLAGS.userPresent | FLAGS.userVerified]),
    counter,
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin }),
  );
  const signature = sign(
    "sha256",
    Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
    passkey.privateKey,
  );
  return {
    id: b64url(passkey.id),
    rawId: b64url(passkey.id),
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
  };
}

/** The same key on another device: for a test that a copied credential id alone opens nothing. */
export function impostorOf(passkey: SoftPasskey): SoftPasskey {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { ...passkey, privateKey: createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" })) };
}
