import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { liveStripeEnv } from "./test/live-stripe-env.js";

const base = { SESSION_SECRET: "x".repeat(32), DATA_DIR: "/tmp/courtside-config-test" };
const mailbox = (env: Record<string, string>) => loadConfig({ ...base, ...env }).mailboxPage;

describe("the mailbox page", () => {
  it("is on for a local install: the embedded database on loopback, no SMTP", () => {
    expect(mailbox({})).toBe(true);
    expect(mailbox({ HOST: "localhost" })).toBe(true);
  });

  it("is off with a database server unless asked for, and off with SMTP", () => {
    expect(mailbox({ DATABASE_URL: "postgres://db.example/courtside" })).toBe(false);
    expect(mailbox({ DATABASE_URL: "postgres://db.example/courtside", MAILBOX: "1" })).toBe(true);
    expect(mailbox({ SMTP_URL: "smtp://mail.example:587", MAILBOX: "1" })).toBe(false);
    expect(mailbox({ MAILBOX: "0" })).toBe(false);
  });

  it("is never served on an address other machines can reach", () => {
    expect(mailbox({ HOST: "0.0.0.0" })).toBe(false);
    expect(mailbox({ HOST: "0.0.0.0", MAILBOX: "1" })).toBe(false);
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value?: string) =>
    loadConfig({ ...base, ...(value ? { TRUST_PROXY: value } : {}) }).trustProxy;
  it("reads off, all, a hop count or a list of proxies", () => {
    expect(trust()).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 192.168.0.0/16")).toEqual(["10.0.0.1", "192.168.0.0/16"]);
  });
});

describe("the mailbox page's default", () => {
  it("is off when the app says it lives elsewhere or sits behind a proxy", () => {
    expect(mailbox({ APP_URL: "https://club.example.com" })).toBe(false);
    expect(mailbox({ TRUST_PROXY: "1" })).toBe(false);
    expect(mailbox({ APP_URL: "http://127.0.0.1:3000" })).toBe(true);
  });
});

describe("Stripe keys", () => {
  const stripe = {
    STRIPE_WEBHOOK_SECRET: "whsec_a",
    STRIPE_PRICE_BASIC: "price_b",
    STRIPE_PRICE_PRO: "price_p",
    STRIPE_PRODUCT_BASIC: "prod_b",
    STRIPE_PRODUCT_PRO: "prod_p",
  };
  const load = (key: string, appUrl?: string) =>
    loadConfig({ ...base, ...stripe, STRIPE_SECRET_KEY: key, ...(appUrl ? { APP_URL: appUrl } : {}) });

  it("need an https APP_URL, since Stripe returns clubs from onboarding only to https", () => {
    expect(() => load("sk_live_x", "http://club.example.com")).toThrow(/APP_URL must be an https address/);
    expect(() => load("sk_live_x")).toThrow(/APP_URL must be an https address/);
    expect(() => load("sk_test_x", "http://club.example.com")).toThrow(/https/);
    expect(load("sk_live_x", "https://club.example.com").stripe?.secretKey).toBe("sk_live_x");
  });

  it("in test mode may run on this machine's own address", () => {
    expect(load("sk_test_x").stripe?.secretKey).toBe("sk_test_x");
    expect(load("rk_test_x", "http://127.0.0.1:3000").stripe?.secretKey).toBe("rk_test_x");
  });
});

describe("our own origins", () => {
  it("are every loopback name for a local install, and APP_URL's alone elsewhere", () => {
    expect(loadConfig(base).ownOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(loadConfig({ ...base, APP_URL: "http://127.0.0.1:4000" }).ownOrigins[0]).toBe(
      "http://127.0.0.1:4000",
    );
    expect(loadConfig({ ...base, APP_URL: "https://club.example.com" }).ownOrigins).toEqual([
      "https://club.example.com",
    ]);
  });
});

describe("Web Push", () => {
  const keys = { ...base, VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`, VAPID_PRIVATE_KEY: "b".repeat(43) };

  it("refuses to start in production with the tests' private push addresses allowed", () => {
    expect(() => loadConfig({ ...keys, NODE_ENV: "production", PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" })).toThrow(
      /PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests only/,
    );
    expect(loadConfig({ ...keys, PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" }).push.allowPrivateEndpoints).toBe(true);
    expect(
      loadConfig({ ...keys, NODE_ENV: "production", PAYMENTS: "sandbox", MAIL: "mailbox" }).push
        .allowPrivateEndpoints,
    ).toBe(false);
  });

  it("takes both VAPID keys or neither, and names the sender to push services", () => {
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/go together/);
    const push = loadConfig({ ...keys, MAIL_FROM: "Riverside <club@riverside.example>" }).push;
    expect(push).toMatchObject({
      publicKey: keys.VAPID_PUBLIC_KEY,
      subject: "mailto:club@riverside.example",
    });
  });
});

describe("the sign-ups one address may make", () => {
  it("are 60 in 15 minutes unless the operator sets another whole number", () => {
    expect(loadConfig(base).signUpsPerAddress).toBe(60);
    expect(loadConfig({ ...base, SIGN_UPS_PER_ADDRESS: "400" }).signUpsPerAddress).toBe(400);
    expect(() => loadConfig({ ...base, SIGN_UPS_PER_ADDRESS: "0" })).toThrow();
    expect(() => loadConfig({ ...base, SIGN_UPS_PER_ADDRESS: "lots" })).toThrow();
  });
});

describe("the local stand-ins in production", () => {
  const production = { ...base, NODE_ENV: "production" };
  const stripe = liveStripeEnv;
  const smtp = { SMTP_URL: "smtp://mail.example:587" };

  it("refuses to start on the sandbox or the mailbox unless the operator chose them", () => {
    expect(() => loadConfig({ ...production, ...smtp })).toThrow(
      /payments need STRIPE_SECRET_KEY.*PAYMENTS=sandbox/,
    );
    expect(() => loadConfig({ ...production, ...stripe })).toThrow(/mail needs SMTP_URL.*MAIL=mailbox/);
    expect(() => loadConfig(production)).toThrow(/payments need[\s\S]*mail needs/);
  });

  it("runs on the real parts with nothing to say, and names each stand-in chosen", () => {
    expect(loadConfig({ ...production, ...stripe, ...smtp }).standIns).toEqual([]);
    expect(loadConfig({ ...production, ...smtp, PAYMENTS: "sandbox" }).standIns).toEqual(["payments"]);
    expect(loadConfig({ ...production, ...stripe, MAIL: "mailbox" }).standIns).toEqual(["mail"]);
    expect(
      loadConfig({ ...production, PAYMENTS: "sandbox", MAIL: "mailbox", SMS_PROVIDER: "mailbox" }).standIns,
    ).toEqual(["payments", "mail", "texts"]);
  });

  it("says nothing outside production, where the stand-ins are how one tries the app", () => {
    expect(loadConfig(base).standIns).toEqual([]);
  });

  it("refuses a choice that contradicts the keys given", () => {
    expect(() => loadConfig({ ...base, PAYMENTS: "stripe" })).toThrow(
      /PAYMENTS=stripe needs STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...base, ...stripe, PAYMENTS: "sandbox" })).toThrow(/contradict/);
    expect(() => loadConfig({ ...base, MAIL: "smtp" })).toThrow(/MAIL=smtp needs SMTP_URL/);
    expect(() => loadConfig({ ...base, ...smtp, MAIL: "mailbox" })).toThrow(/contradict/);
  });
});
