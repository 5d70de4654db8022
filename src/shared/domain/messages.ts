// The user-facing texts that SPEC.md fixes word for word. Client and server both read them
// from here so a test can hold each one to the spec.
export const messages = {
  account: {
    profileSaved: "Profile saved",
    passwordChanged: "Password changed",
    passwordChangedBody: "You're still signed in here; every other device has been signed out.",
    ownerMustTransfer: (club: string) =>
      `You own ${club}. Transfer ownership to another member, or delete ${club} too, before deleting your account.`,
    deleted: "Your account is deleted",
    factorAdded: "Two-step verification is on",
    factorAddedBody: "Sign-in now asks for a code from your authenticator app.",
    factorRemoved: "Two-step verification is off",
    backupCodesRenewed: "New backup codes",
    codeInvalid: "That code did not work. Check it and try again.",
    phoneUnavailable: "Text messages are not set up on this server.",
    phoneCodeExpired: "That code has expired. Send a new one.",
    phoneAdded: "Your phone is added",
    phoneAddedBody: "Sign-in can now text you a code.",
    phoneRemoved: "Your phone is removed",
    codeSent: "Code sent",
  },
  clubs: {
    confirmNameMismatch: "Type the club's name exactly as it is shown to delete it.",
    deleted: (club: string) => `${club} is deleted`,
  },
  validation: {
    yearRange: "Pick a date between the years 2000 and 2199.",
    emailInvalid: "Invalid email address",
    passwordTooShort: "Password must be at least 8 characters",
    passwordRequired: "Password is required",
    passwordTooLong: "Password must be at most 128 characters",
    totpCode: "Enter the 6-digit code from your authenticator app",
    backupCode: "Enter one of your backup codes (like abcde-12345)",
    friendlyNameLength: "Name the factor in 1 to 50 characters",
    phoneNumber: "Enter the number with its country code, like +1 555 123 4567",
    nameTooShort: "Name must be at least 2 characters",
    organizationNameTooShort: "Organization name must be at least 2 characters",
    courtsTooFew: "Must have at least 1 court",
    courtsWhole: "Courts are counted in whole numbers",
    courtsTooMany: "At most 20 courts",
    urlInvalid: "Invalid URL",
    nameCharacters: "Name cannot contain line breaks or hidden formatting characters",
    textCharacters: "Text cannot contain hidden formatting characters",
    timeZoneInvalid: "Choose a valid time zone",
    sessionNameRequired: "Session name is required",
    sessionNameTooLong: "Session name must be less than 100 characters",
    sessionNameCharacters: "Session name can only contain letters, numbers, spaces, and basic punctuation",
    amountFormat: "Invalid amount format",
    amountPositive: "Amount must be positive",
    amountTooSmall: "Amount must be at least 0.50 (or 0 for a free session)",
    amountTooLarge: "Amount must be at most 999,999.99",
    startRequired: "Start time is required",
    endRequired: "End time is required",
    endAfterStart: "End time must be after start time",
    capacityRange: "Capacity must be between 1 and 500 players",
    skillRange: "Skill levels go from 1.0 to 8.0, lowest first",
    refundCutoffRange: "Refunds can close from 0 to 168 hours (a week) before the start",
    repeatRange: "Repeat from 1 to 52 weeks",
  },
  toasts: {
    validationError: "Validation Error",
    accountExists: "Account exists",
    accountExistsBody: "This email is already registered. Please sign in instead.",
    signUpFailed: "Sign up failed",
    signInFailed: "Sign in failed",
    notConfirmedYet: "This address is not confirmed yet. Lost the link? We can send a new one.",
    confirmationResent: (email: string) =>
      `If ${email} has an account waiting for confirmation, a new link is on its way. Open it to finish.`,
    confirmationResendFailed: "Could not send a new link",
    resetSent: "Check your email",
    resetSentBody: "We sent you a password reset link.",
    authError: "Authentication Error",
    authErrorBody: "Please sign in again to continue.",
    slugExhausted: "Unable to create organization. Please try a different name.",
  },
  // Billing and the payment account.
  billing: {
    selectOrganization: "Please select an organization first",
    checkoutFailed: "Failed to start checkout",
    portalFailed: "Failed to open billing portal",
    connectFailed: "Connection failed",
    connectFailedBody: "Failed to connect Stripe account",
  },
  dashboard: {
    noOrganizationTitle: "No Organization Found",
    noOrganizationBody: "You're not a member of any organization yet.",
    trialExpired: "Your free trial has expired. Upgrade now to continue using the product!",
    trialActive: "You're on a trial period with Basic plan limits. Upgrade to unlock unlimited features!",
  },
  board: {
    empty: "No courts available. Create a session to get started.",
    /** Asked before a court with a game on it leaves play (the server's 409 says the same). */
    courtInUse: (court: string, players: number) =>
      `${court} has a game running. Take it out and put its ${players} players back at the front of the queue?`,
  },
  ladder: {
    empty: "No ladder data available. Play matches to build your rankings.",
  },
  notFound: "Oops! Page not found",
  routingError: "Unexpected Application Error!",
  /** The wait is said as it is: "a minute", "2 minutes", "15 minutes". */
  rateLimited: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
  // The caps on what one account, or everyone at once, can make the app send (sending-caps.ts).
  sendingCaps: {
    clubsPerDay: (wait: string) =>
      `One account can start only a few clubs a day. Please wait ${wait} and try again.`,
    invitationsPerAccount: (wait: string) =>
      `You have sent as many invitations as one account may in an hour. Please wait ${wait} and try again.`,
    invitationsToAddress: (wait: string) =>
      `This address has been invited as often as it may be in a day. Please wait ${wait} and try again.`,
    textsToNumber: (wait: string) =>
      `This number has been sent as many texts as it may be in a day. Please wait ${wait} and try again.`,
    busy: (wait: string) => `Courtside is sending a lot right now. Please wait ${wait} and try again.`,
  },
  crossSite: "This request came from another site and was refused.",
  /** Said to a new browser while strangers guess the account's password, right password or wrong. */
  confirmNewBrowser:
    "This account has had many failed sign-ins, so a new browser must be confirmed by email. If your password was right, we've sent you a link: open it in this browser, then sign in again.",
  jsonOnly: "Send this request as JSON (Content-Type: application/json).",
  unavailable: "Courtside is restarting. Please try again in a moment.",
  invitationForSomeoneElse: (email: string) =>
    `This invitation was sent to ${email}. Sign out and sign in or sign up with that address to accept it.`,
  sessions: {
    loading: "Loading sessions...",
    emptyTitle: "No upcoming sessions yet",
    emptyBody: "Create your first session to get started!",
    created: "Session created successfully.",
  },
} as const;
