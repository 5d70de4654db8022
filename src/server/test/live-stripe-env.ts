// A live Stripe configuration's variables, every one present (values are placeholders: the
// tests that use them stop at the configuration, before any call to Stripe).
export const liveStripeEnv = {
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_BASIC: "price_b",
  STRIPE_PRICE_PRO: "price_p",
  STRIPE_PRODUCT_BASIC: "prod_b",
  STRIPE_PRODUCT_PRO: "prod_p",
  APP_URL: "https://club.example.com",
};
