export function LandingPage() {
  return <div>LandingPage</div>;
}
