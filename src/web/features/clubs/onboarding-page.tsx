export function OnboardingPage() {
  return <div>OnboardingPage</div>;
}
