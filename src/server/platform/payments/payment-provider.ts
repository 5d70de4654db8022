// The port every way of taking a card payment goes through. Without Stripe keys the sandbox
// provider stands behind it: a local checkout page that confirms or cancels, so paid
// sessions work end to end offline.
export type CheckoutRequest = {
  paymentId: string;
  amount: number; // cents
  description: string;
  clubName: string;
  /** Where the person returns after paying or giving up. */
  returnUrl: string;
};

export interface PaymentProvider {
  readonly kind: "sandbox" | "stripe";
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: string }>;
}

export function createSandboxProvider(appUrl: string): PaymentProvider {
  return {
    kind: "sandbox",
    async createCheckout({ paymentId }) {
      return { url: `${appUrl}/sandbox/checkout/${paymentId}`, providerRef: `sandbox_${paymentId}` };
    },
  };
}
