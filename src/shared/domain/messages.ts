// The user-facing texts that SPEC.md fixes word for word. Client and server both read them
// from here so a test can hold each one to the spec.
export const messages = {
  validation: {
    emailInvalid: "Invalid email address",
    passwordTooShort: "Password must be at least 8 characters",
    passwordRequired: "Password is required",
    passwordTooLong: "Password must be at most 128 characters",
    nameTooShort: "Name must be at least 2 characters",
    organizationNameTooShort: "Organization name must be at least 2 characters",
    courtsTooFew: "Must have at least 1 court",
    courtsTooMany: "At most 20 courts",
    urlInvalid: "Invalid URL",
    timeZoneInvalid: "Choose a valid time zone",
    sessionNameRequired: "Session name is required",
    sessionNameTooLong: "Session name must be less than 100 characters",
    sessionNameCharacters: "Session name can only contain letters, numbers, spaces, and basic punctuation",
    amountFormat: "Invalid amount format",
    amountPositive: "Amount must be positive",
  },
  toasts: {
    validationError: "Validation Error",
    accountExists: "Account exists",
    accountExistsBody: "This email is already registered. Please sign in instead.",
    signUpFailed: "Sign up failed",
    signInFailed: "Sign in failed",
    resetSent: "Check your email",
    resetSentBody: "We sent you a password reset link.",
    authError: "Authentication Error",
    authErrorBody: "Please sign in again to continue.",
    slugExhausted: "Unable to create organization. Please try a different name.",
  },
  dashboard: {
    noOrganizationTitle: "No Organization Found",
    noOrganizationBody: "You're not a member of any organization yet.",
    trialExpired: "Your free trial has expired. Upgrade now to continue using the product!",
    trialActive: "You're on a trial period with Basic plan limits. Upgrade to unlock unlimited features!",
  },
  board: {
    empty: "No courts available. Create a session to get started.",
  },
  ladder: {
    empty: "No ladder data available. Play matches to build your rankings.",
  },
  notFound: "Oops! Page not found",
  routingError: "Unexpected Application Error!",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;
