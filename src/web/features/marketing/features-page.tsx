export function FeaturesPage() {
  return <div>FeaturesPage</div>;
}
