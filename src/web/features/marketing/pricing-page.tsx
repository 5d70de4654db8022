export function PricingPage() {
  return <div>PricingPage</div>;
}
