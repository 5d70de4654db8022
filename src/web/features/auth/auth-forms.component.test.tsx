import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { fieldError, mockApi, renderWithApp } from "../../test/harness.js";
import { NewPasswordForm, ResetRequestForm, SignInForm, SignUpForm } from "./auth-forms.js";

const v = messages.validation;

describe("SignInForm", () => {
  it("marks an empty form with the contract's messages and sends nothing", async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderWithApp(<SignInForm onSwitch={() => {}} />, { signedIn: false });
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(fieldError("Email")).toBe(v.emailInvalid);
    expect(fieldError("Password")).toBe(v.passwordRequired);
    expect(await screen.findByText(messages.toasts.validationError)).toBeTruthy();
    expect(api.sent("POST /api/auth/sign-in/email")).toEqual([]);
  });

  it("sends the trimmed address and the password as typed", async () => {
    const api = mockApi({ "POST /api/auth/sign-in/email": {} });
    const user = userEvent.setup();
    renderWithApp(<SignInForm onSwitch={() => {}} />, { signedIn: false });
    await user.type(screen.getByLabelText("Email"), " jordan@example.com ");
    await user.type(screen.getByLabelText("Password"), " secret pass ");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    await waitFor(() =>
      expect(api.sent("POST /api/auth/sign-in/email")).toEqual([
        { email: "jordan@example.com", password: " secret pass " },
      ]),
    );
    expect(fieldError("Email")).toBeNull();
  });

  it("asks for the second factor when the password was right and one is enrolled", async () => {
    mockApi({ "POST /api/auth/sign-in/email": { twoFactorRedirect: true, twoFactorMethods: ["totp"] } });
    const user = userEvent.setup();
    renderWithApp(<SignInForm onSwitch={() => {}} />, { signedIn: false });
    await user.type(screen.getByLabelText("Email"), "jordan@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("button", { name: "Back to sign in" })).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  it("tells the person when the server refuses the password", async () => {
    mockApi({
      "POST /api/auth/sign-in/email": {
        status: 401,
        body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<SignInForm onSwitch={() => {}} />, { signedIn: false });
    await user.type(screen.getByLabelText("Email"), "jordan@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong one");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(messages.toasts.signInFailed)).toBeTruthy();
    expect(screen.getByText("Invalid email or password")).toBeTruthy();
  });
});

describe("SignInForm, for an address not confirmed yet", () => {
  async function signInUnconfirmed(resend: unknown) {
    const api = mockApi({
      "POST /api/auth/sign-in/email": {
        status: 403,
        body: { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" },
      },
      "POST /api/auth/send-verification-email": resend,
    });
    const user = userEvent.setup();
    renderWithApp(<SignInForm onSwitch={() => {}} />, { signedIn: false });
    await user.type(screen.getByLabelText("Email"), "newcomer@example.com");
    await user.type(screen.getByLabelText("Password"), "first password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await user.click(await screen.findByRole("button", { name: "Send a new confirmation link" }));
    return api;
  }

  it("offers a new confirmation link, and sends it to the address typed", async () => {
    const api = await signInUnconfirmed({ status: true });
    expect(await screen.findByText(messages.toasts.confirmationResent("newcomer@example.com"))).toBeTruthy();
    expect(api.sent("POST /api/auth/send-verification-email")).toEqual([
      { email: "newcomer@example.com", callbackURL: "/onboarding" },
    ]);
  });

  it("answers the same when the server refuses (an address confirmed already, or unknown)", async () => {
    await signInUnconfirmed({
      status: 400,
      body: { code: "EMAIL_ALREADY_VERIFIED", message: "Already verified" },
    });
    expect(await screen.findByText(messages.toasts.confirmationResent("newcomer@example.com"))).toBeTruthy();
  });
});

describe("SignUpForm", () => {
  it("marks each bad field with the contract's message", async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onSwitch={() => {}} />, { signedIn: false });
    await user.type(screen.getByLabelText("Full name"), "J");
    await user.type(screen.getByLabelText("Email"), "jordan@");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(fieldError("Full name")).toBe(v.nameTooShort);
    expect(fieldError("Email")).toBe(v.emailInvalid);
    expect(fieldError("Password")).toBe(v.passwordTooShort);
    expect(api.sent("POST /api/auth/sign-up/email")).toEqual([]);
  });

  it("creates the account with the name as better-auth wants it and says where the link went", async () => {
    const api = mockApi({ "POST /api/auth/sign-up/email": {} });
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onSwitch={() => {}} next="/join/abc" />, { signedIn: false });
    await user.type(screen.getByLabelText("Full name"), "  Jordan Smith ");
    await user.type(screen.getByLabelText("Email"), "jordan@example.com");
    await user.type(screen.getByLabelText("Password"), "long enough");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Confirm your email")).toBeTruthy();
    expect(screen.getByText("jordan@example.com")).toBeTruthy();
    expect(api.sent("POST /api/auth/sign-up/email")).toEqual([
      {
        name: "Jordan Smith",
        email: "jordan@example.com",
        password: "long enough",
        callbackURL: "/join/abc",
      },
    ]);
  });

  it("fills in the invited address", () => {
    mockApi();
    renderWithApp(<SignUpForm onSwitch={() => {}} email="invited@example.com" />, { signedIn: false });
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("invited@example.com");
  });

  it("says the account exists when the address is taken", async () => {
    mockApi({
      "POST /api/auth/sign-up/email": {
        status: 422,
        body: { code: "USER_ALREADY_EXISTS", message: "User already exists" },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onSwitch={() => {}} />, { signedIn: false });
    await user.type(screen.getByLabelText("Full name"), "Jordan Smith");
    await user.type(screen.getByLabelText("Email"), "jordan@example.com");
    await user.type(screen.getByLabelText("Password"), "long enough");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(messages.toasts.accountExists)).toBeTruthy();
    expect(screen.getByText(messages.toasts.accountExistsBody)).toBeTruthy();
    expect(screen.queryByText("Confirm your email")).toBeNull();
  });
});

describe("ResetRequestForm", () => {
  it("refuses a bad address and asks for the link for a good one", async () => {
    const api = mockApi({ "POST /api/auth/request-password-reset": {} });
    const onSwitch = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ResetRequestForm onSwitch={onSwitch} />, { signedIn: false });
    await user.type(screen.getByLabelText("Email"), "nope");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(fieldError("Email")).toBe(v.emailInvalid);
    expect(api.sent("POST /api/auth/request-password-reset")).toEqual([]);

    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "jordan@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith("sign-in"));
    expect(api.sent("POST /api/auth/request-password-reset")).toEqual([
      { email: "jordan@example.com", redirectTo: "/auth" },
    ]);
    expect(await screen.findByText(messages.toasts.resetSent)).toBeTruthy();
  });
});

describe("NewPasswordForm", () => {
  it("refuses a short password and sets a long one with the link's token", async () => {
    const api = mockApi({ "POST /api/auth/reset-password": {} });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<NewPasswordForm token="tok-123" onDone={onDone} />, { signedIn: false });
    await user.type(screen.getByLabelText("New password"), "1234567");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(fieldError("New password")).toBe(v.passwordTooShort);
    expect(api.sent("POST /api/auth/reset-password")).toEqual([]);

    await user.type(screen.getByLabelText("New password"), "8");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent("POST /api/auth/reset-password")).toEqual([
      { token: "tok-123", newPassword: "12345678" },
    ]);
  });
});
