export function TrainingButton() {
  return <div>TrainingButton</div>;
}
