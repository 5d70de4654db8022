export function LadderPage() {
  return <div>LadderPage</div>;
}
