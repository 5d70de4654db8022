export function BoardPage() {
  return <div>BoardPage</div>;
}
