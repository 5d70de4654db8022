import { describe, expect, it } from "vitest";
import { onBareIpAddress } from "./passkey-address.js";

describe("where passkeys can work", () => {
  it("not on a bare IP address, on any name", () => {
    for (const host of ["127.0.0.1", "192.168.1.20", "[::1]", "::1"])
      expect(onBareIpAddress(host), host).toBe(true);
    for (const host of ["localhost", "club.example.com", "courtside.local"])
      expect(onBareIpAddress(host), host).toBe(false);
  });
});
