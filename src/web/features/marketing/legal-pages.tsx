export function PrivacyPage() {
  return <div>PrivacyPage</div>;
}
export function TermsPage() {
  return <div>TermsPage</div>;
}
