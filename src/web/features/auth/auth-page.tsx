export function AuthPage() {
  return <div>AuthPage</div>;
}
